import type { AnswerResult, BestPassage, Dated, EvidenceSpan, FailureRole } from '../lib/shared/types';
import { failureRole } from '../lib/shared/failure-codes';
import { archivedLinks } from './archived';
import catalogue from '../public/_locales/en/messages.json';

/** The heading of an unavailable result, by the role of the failure that stopped it: the panel's, in English. */
const ROLE_HEADINGS: Record<FailureRole, string> = {
  search: catalogue.searchUnavailable.message,
  model: catalogue.modelUnavailable.message,
  page: catalogue.pageUnavailable.message,
  internal: catalogue.internalFailureHeading.message,
};

/**
 * Text from pages, providers and the model, made inert for Markdown: it shows as written and can
 * never become a link, an image, HTML or a heading when the output is rendered.
 */
export function escapeMarkdown(text: string): string {
  return text
    .replace(/[\\`*_[\]<>|]/g, (c) => `\\${c}`)
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^([#>+-])(?=\s)/, '\\$1')
    .replace(/^(\d+)\.(?=\s)/, '$1\\.');
}

function dateLabel(published: Dated | null): string {
  return published ? `published ${published.iso.slice(0, 10)} (${published.source})` : 'date unknown';
}

/** A refusal's best passages: the sentence, its source, and a link that opens the page at the sentence. */
export function bestPassageLines(best: BestPassage[], evidence: EvidenceSpan[]): string[] {
  const lines: string[] = [];
  let n = 0;
  for (const b of best) {
    const span = evidence.find((e) => e.spanId === b.spanId);
    if (!span) continue;
    lines.push(
      `${++n}. “${escapeMarkdown(b.sentence)}” — [${span.spanId}] ${escapeMarkdown(span.title)}, ${hostOf(span.url)} (${span.origin === 'tab' ? 'open tab' : 'web'}, ${dateLabel(span.published)})`,
      `   ${b.link}`,
    );
  }
  return lines.length > 0 ? ['## Best passages found', '', ...lines, ''] : [];
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/** A result for a person: claims with [S1] markers, then the sources they cite; refusals said plainly. */
export function renderAnswerMarkdown(result: AnswerResult): string {
  const lines: string[] = [`# ${escapeMarkdown(result.question)}`, ''];
  switch (result.mode) {
    case 'grounded':
    case 'partial': {
      if (result.mode === 'partial') lines.push('_Partly answered: some sentences could not be verified._', '');
      for (const c of result.claims) {
        if (c.status === 'dropped') continue;
        const marks = c.cites.map((id) => `[${id}]`).join('');
        let line = `${escapeMarkdown(c.text)}${marks ? ` ${marks}` : ''}`;
        if (c.status !== 'supported') line += ` _(unverified: ${escapeMarkdown(c.reasons.join('; ') || 'not supported')})_`;
        lines.push(line, '');
      }
      if (result.unsupported.length > 0) {
        lines.push('## Not answered by the evidence', '');
        for (const u of result.unsupported) lines.push(`- ${escapeMarkdown(u)}`);
        lines.push('');
      }
      lines.push('## Sources', '');
      result.sources.forEach((s, i) => {
        const where = s.origin === 'tab' ? 'open tab' : 'web';
        lines.push(`${i + 1}. [${s.spanId}] ${escapeMarkdown(s.title)} — ${s.url} (${where}, ${dateLabel(s.published)})`);
        const read = result.evidence.find((e) => e.spanId === s.spanId);
        const copy = read ? archivedLinks([read])[0] : undefined;
        if (copy) lines.push(`   archived copy: ${copy.archived}`);
      });
      lines.push('');
      break;
    }
    case 'abstained':
      lines.push('**No answer: the evidence is not enough.**', '', escapeMarkdown(result.reason), '');
      lines.push(`Searched: ${result.searched.map(escapeMarkdown).join(' · ')}`, '');
      lines.push(...bestPassageLines(result.best, result.evidence));
      if (result.links.length > 0) {
        lines.push('## What was found', '');
        result.links.forEach((l, i) => lines.push(`${i + 1}. ${escapeMarkdown(l.title)} — ${l.url}`));
        lines.push('');
      }
      break;
    case 'nothing-found':
      lines.push('**Nothing found.**', '', escapeMarkdown(result.reason), '');
      lines.push(`Searched: ${result.searched.map(escapeMarkdown).join(' · ')}`, '');
      break;
    case 'not-searched':
      lines.push(escapeMarkdown(result.text), '', `_${escapeMarkdown(result.reason)}_`, '');
      break;
    case 'unavailable': {
      const last = result.failures[result.failures.length - 1];
      lines.push(`**${ROLE_HEADINGS[last ? failureRole(last) : 'internal']}.** Try again later.`, '');
      for (const f of result.failures) lines.push(`- ${escapeMarkdown(f.message)}`);
      lines.push('');
      break;
    }
  }
  // A question that is a claim: fact-checkers' earlier ratings of it, apart from the answer.
  const prior = result.priorChecks ?? [];
  if (prior.length > 0) {
    lines.push('## Checked before by fact-checkers', '');
    for (const p of prior) {
      const who = `${escapeMarkdown(p.reviewer ?? 'a fact-checker')}${p.date ? `, ${escapeMarkdown(p.date)}` : ''}`;
      lines.push(`- ${who}: ${escapeMarkdown(p.rating ?? 'no rating given')}${p.url ? ` — ${p.url}` : ''}`);
    }
    lines.push('');
  }
  // Disagreements between spans and what the code did about them (results from before that stage have none).
  const conflicts = (result as { conflicts?: Array<{ note: string }> }).conflicts ?? [];
  if (conflicts.length > 0) {
    lines.push('## Where the sources disagree', '');
    for (const c of conflicts) lines.push(`- ${escapeMarkdown(c.note)}`);
    lines.push('');
  }
  if (result.warnings.length > 0 && result.mode !== 'unavailable') {
    lines.push('## Warnings', '');
    for (const w of result.warnings) lines.push(`- ${escapeMarkdown(w.message)}`);
    lines.push('');
  }
  return `${lines.join('\n').trimEnd()}\n`;
}
