import { Fragment } from 'react';
import { CiteChip, type CiteContext } from './cite-chip';
import { useCitations } from './citation-status';

const SPAN_ID = /\b(S\d+)\b/g;

/**
 * A message as text, with every span it names that is in the evidence as a chip that opens the
 * passage ("removed from S4" → S4 can be reached even when no claim cites it). Ids not in the
 * evidence (the ones a model made up) stay text.
 */
export function SpanText({ text, context, at }: { text: string; context: CiteContext; at: string }) {
  const { evidence, open } = useCitations();
  const parts: Array<string | { id: string }> = [];
  let last = 0;
  for (const m of text.matchAll(SPAN_ID)) {
    const span = evidence.find((e) => e.spanId === m[1]);
    if (!span) continue;
    parts.push(text.slice(last, m.index), { id: span.spanId });
    last = m.index + m[0].length;
  }
  parts.push(text.slice(last));
  return (
    <>
      {parts.map((p, i) =>
        typeof p === 'string' ? (
          <Fragment key={i}>{p}</Fragment>
        ) : (
          <CiteChip
            key={i}
            span={evidence.find((e) => e.spanId === p.id)!}
            quote={undefined}
            context={context}
            onCite={(id) => open(id, at)}
          />
        ),
      )}
    </>
  );
}
