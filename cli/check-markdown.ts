import { frozenSpan, type CheckCase, type CheckResult } from '../lib/answering/check-case';
import { bestPassageLines, escapeMarkdown } from './markdown';

/**
 * A checked case for a person (`spanlight check --format markdown`): the disposed claims with [S1]
 * markers and their sources, or the refusal with its reason and best passages, as `spanlight ask` says them.
 */
export function renderCheckMarkdown(input: CheckCase, result: CheckResult): string {
  const lines: string[] = [`# ${escapeMarkdown(input.question)}`, ''];
  const evidence = input.evidence.map((e) => frozenSpan(e, new Date(0)));
  if (result.mode === 'grounded' || result.mode === 'partial') {
    if (result.mode === 'partial') lines.push('_Partly answered: some sentences could not be verified._', '');
    for (const c of result.claims) {
      if (c.status === 'dropped') continue;
      const marks = c.cites.map((id) => `[${id}]`).join('');
      lines.push(`${escapeMarkdown(c.text)}${marks ? ` ${marks}` : ''}`, '');
    }
    lines.push('## Sources', '');
    result.sources.forEach((s, i) => lines.push(`${i + 1}. [${s.id}] ${escapeMarkdown(s.title)} — ${s.url}`));
    lines.push('');
  } else {
    const heading = result.mode === 'abstained' ? '**No answer: the evidence is not enough.**' : '**Nothing found.**';
    lines.push(heading, '', escapeMarkdown(result.reason ?? ''), '', ...bestPassageLines(result.best ?? [], evidence));
  }
  if (result.conflicts.length > 0) {
    lines.push('## Where the sources disagree', '');
    for (const c of result.conflicts) lines.push(`- ${escapeMarkdown(c.note)}`);
    lines.push('');
  }
  return `${lines.join('\n').trimEnd()}\n`;
}
