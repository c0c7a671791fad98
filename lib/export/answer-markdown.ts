import type { AnswerRecord } from '../shared/records';
import type { EvidenceSpan } from '../shared/types';

/** Addresses written in text (GitHub-flavoured Markdown would make them links), without trailing punctuation. */
const BARE_URL = /\b(?:[a-z][a-z0-9+.-]*:\/\/|www\.)[^\s<>]*[^\s<>.,;:!?)\]'"]/gi;

/**
 * Escapes text from a page, a provider or a model so that Markdown shows it as written: it can
 * never become a link, an image, emphasis, a list, a heading or HTML. Addresses in the text are
 * shown as code, so that no link comes from anything but the evidence list.
 */
export function escapeMarkdown(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  let out = '';
  let last = 0;
  for (const m of flat.matchAll(BARE_URL)) {
    out += escapePlain(flat.slice(last, m.index));
    out += `\`${m[0].replace(/`/g, '')}\``;
    last = m.index + m[0].length;
  }
  // What would open a heading, a list or a numbered list at the start of a line.
  return (out + escapePlain(flat.slice(last))).replace(/^([#+-])/, '\\$1').replace(/^(\d+)([.)])/, '$1\\$2');
}

function escapePlain(text: string): string {
  return text.replace(/[\\`*_[\]<>|~&]/g, (c) => `\\${c}`);
}

/** A URL as a Markdown link target, or null when it must not be a link (not http(s), or unparsable). */
export function linkTarget(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
  // Characters that would end or break the target are percent-encoded.
  return parsed.href.replace(/[()<>\s\\]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
}

function host(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

function dated(span: Pick<EvidenceSpan, 'published'>): string {
  return span.published ? `published ${span.published.iso.slice(0, 10)} (${span.published.source})` : 'date unknown';
}

/** `[S1](url)` for a span of the evidence list; plain `[S1]` when its URL cannot be a link. */
function citation(span: EvidenceSpan): string {
  const target = linkTarget(span.url);
  return target ? `[\\[${span.spanId}\\]](${target})` : `\\[${span.spanId}\\]`;
}

function quote(text: string, max = 400): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return escapeMarkdown(flat.length > max ? `${flat.slice(0, max - 1)}…` : flat);
}

/**
 * An answer as Markdown: its claims with citations as links to their sources, what the evidence did
 * not cover, and the sources with their quotes. Every link comes from the evidence list (never from
 * model text), every piece of text is escaped; sentences removed as unsupported are left out and counted.
 */
export function answerMarkdown(answer: Pick<AnswerRecord, 'question' | 'createdAt' | 'result' | 'followUp'>): string {
  const r = answer.result;
  const lines: string[] = [`## ${escapeMarkdown(answer.followUp?.asked ?? answer.question)}`, ''];
  if (answer.followUp && answer.followUp.method !== 'unchanged')
    lines.push(`*Searched as:* ${escapeMarkdown(answer.question)}`, '');
  const spanOf = new Map(r.evidence.map((e) => [e.spanId, e]));
  const when = answer.createdAt.slice(0, 10);

  if (r.mode === 'grounded' || r.mode === 'partial') {
    if (r.mode === 'partial') lines.push('*Partly answered: some sentences could not be verified.*', '');
    for (const c of r.claims.filter((c) => c.status !== 'dropped')) {
      const cites = c.cites.flatMap((id) => {
        const s = spanOf.get(id);
        return s ? [citation(s)] : [];
      });
      const flag = c.status === 'flagged' ? ` *(flagged: ${escapeMarkdown(c.reasons.join('; '))})*` : '';
      lines.push(`- ${escapeMarkdown(c.text)}${cites.length ? ` ${cites.join(' ')}` : ''}${flag}`);
    }
    const removed = r.claims.filter((c) => c.status === 'dropped').length;
    if (removed > 0)
      lines.push('', `*${removed} sentence${removed === 1 ? ' was' : 's were'} removed: not supported by the passage cited.*`);
    if (r.unsupported.length > 0) {
      lines.push('', '### Not answered by the evidence', '');
      for (const u of r.unsupported) lines.push(`- ${escapeMarkdown(u)}`);
    }
    const used = new Set(r.sources.map((s) => s.spanId));
    const sources = r.evidence.filter((e) => used.has(e.spanId));
    if (sources.length > 0) {
      lines.push('', '### Sources', '');
      for (const s of sources) {
        const target = linkTarget(s.url);
        const title = escapeMarkdown(s.title || host(s.url));
        lines.push(
          `- \\[${s.spanId}\\] ${target ? `[${title}](${target})` : title} — ${escapeMarkdown(host(s.url))}, ${dated(s)}${s.origin === 'tab' ? ', open tab' : ''}, retrieved ${s.retrievedAt.slice(0, 10)}`,
          `   > ${quote(s.text)}`,
        );
      }
    }
  } else if (r.mode === 'abstained') {
    lines.push(`**No answer: the evidence is not enough.** ${escapeMarkdown(r.reason)}`, '');
    lines.push(`Searched: ${r.searched.map(escapeMarkdown).join(' · ')}`);
    // Each best passage links to its page from the evidence list, as a citation does.
    const best = r.best.flatMap((b) => {
      const s = spanOf.get(b.spanId);
      return s ? [`- “${quote(b.sentence)}” ${citation(s)} ${escapeMarkdown(s.title || host(s.url))}, ${dated(s)}`] : [];
    });
    if (best.length > 0) lines.push('', '### Best passages found', '', ...best);
    if (r.links.length > 0) {
      lines.push('', '### Found', '');
      for (const l of r.links) {
        const target = linkTarget(l.url);
        const title = escapeMarkdown(l.title || host(l.url));
        lines.push(`- ${target ? `[${title}](${target})` : title}`);
      }
    }
  } else if (r.mode === 'nothing-found') {
    lines.push(`**Nothing found.** ${escapeMarkdown(r.reason)}`, '', `Searched: ${r.searched.map(escapeMarkdown).join(' · ')}`);
  } else if (r.mode === 'unavailable') {
    lines.push(`**No answer: a provider failed.** ${escapeMarkdown(r.reason)}`);
  } else if (r.mode === 'not-searched') {
    lines.push(escapeMarkdown(r.text), '', `*${escapeMarkdown(r.reason)}*`);
  }
  if (r.conflicts.length > 0) {
    lines.push('', '### Sources disagree', '');
    for (const c of r.conflicts) lines.push(`- ${escapeMarkdown(c.note)}`);
  }
  lines.push('', `*Answered by Spanlight on ${when}; each citation links to the page its passage was read from.*`, '');
  return lines.join('\n');
}

/** A thread (a question and its follow-ups) as one Markdown document. */
export function threadMarkdown(answers: Array<Pick<AnswerRecord, 'question' | 'createdAt' | 'result' | 'followUp'>>): string {
  return answers.map(answerMarkdown).join('\n---\n\n');
}
