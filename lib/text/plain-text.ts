const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  ndash: '\u2013',
  mdash: '\u2014',
  lsquo: '\u2018',
  rsquo: '\u2019',
  ldquo: '\u201c',
  rdquo: '\u201d',
  laquo: '\u00ab',
  raquo: '\u00bb',
  hellip: '\u2026',
  shy: '\u00ad',
  copy: '\u00a9',
  reg: '\u00ae',
  trade: '\u2122',
  deg: '\u00b0',
  euro: '\u20ac',
  pound: '\u00a3',
};

/** HTML character references decoded: the common named ones and every numeric one. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#[xX][0-9a-fA-F]{1,6}|#[0-9]{1,7}|[a-zA-Z]{2,8});/g, (all, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : all;
    }
    return ENTITIES[name] ?? ENTITIES[name.toLowerCase()] ?? all;
  });
}

/**
 * Turns a provider's marked-up snippet ("<strong>x</strong> &amp; y") into plain text without a DOM
 * (the MV3 worker has none). The result is rendered as text, never as HTML.
 */
export function toPlainText(markup: string): string {
  return markup
    .replace(/<[^>]*>/g, '')
    .replace(/&[#a-zA-Z0-9]+;/g, (m) => decodeEntities(m))
    .replace(/\s+/g, ' ')
    .trim();
}
