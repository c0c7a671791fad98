/** `text` as a regular expression matches it: each character a pattern reads specially is escaped. */
export const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
