import type { Passage } from '../shared/types';
import type { QuoteSelector } from './find-quote';

/**
 * How a stored passage is looked for in its live page: its text, the text around it, and where it
 * was in the page (the hint that picks the right copy of a passage the page repeats).
 */
export function passageSelector(p: Pick<Passage, 'text' | 'prefix' | 'suffix' | 'position'>): QuoteSelector {
  return {
    exact: p.text,
    prefix: p.prefix,
    suffix: p.suffix,
    ...(p.position === undefined ? {} : { hint: p.position }),
  };
}
