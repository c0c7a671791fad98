import { z } from 'zod';
import { ProviderError } from '../shared/provider-error';
import { failureOf } from '../shared/failure-text';
import type { DroppedResult } from './provider';

/** A result that passed its schema, with its position in the provider's list. */
export interface ReadResult<T> {
  position: number;
  value: T;
}

/**
 * Validates each result of a provider's list on its own: one with a missing or malformed field is
 * set aside with a reason naming the field, and the others are kept in order (issue #14: one bad
 * result used to make the whole answer "an unexpected shape"). When every result fails, the answer is
 * not the protocol we speak: a bad-response failure naming the field, pointing at the base URL.
 */
export function readResults<S extends z.ZodType>(
  provider: string,
  rows: unknown[],
  schema: S,
): { read: ReadResult<z.infer<S>>[]; dropped: DroppedResult[] } {
  const read: ReadResult<z.infer<S>>[] = [];
  const dropped: DroppedResult[] = [];
  rows.forEach((row, i) => {
    const parsed = schema.safeParse(row);
    if (parsed.success) read.push({ position: i + 1, value: parsed.data });
    else dropped.push({ position: i + 1, reason: whyUnusable(row, parsed.error.issues[0]) });
  });
  if (rows.length > 0 && read.length === 0)
    throw new ProviderError(
      rows.length === 1
        ? failureOf('search', 'no-usable-result', { provider, reason: dropped[0]!.reason }, { kind: 'bad-response' })
        : failureOf(
            'search',
            'no-usable-results',
            { provider, count: rows.length, reason: dropped[0]!.reason },
            { kind: 'bad-response' },
          ),
    );
  return { read, dropped };
}

/**
 * An optional text field of a provider result: null, missing or malformed all read as absent, so an
 * optional field never costs a result.
 */
export const optionalText = z.string().nullish().catch(null);

/** "`url` is missing", "`url` is null", "`url` is not a string": the first field that failed. */
function whyUnusable(row: unknown, issue: z.core.$ZodIssue | undefined): string {
  if (row === null || typeof row !== 'object' || Array.isArray(row)) return 'the result is not an object';
  const field = issue?.path[0];
  if (typeof field !== 'string') return 'the result has an unexpected shape';
  const value = (row as Record<string, unknown>)[field];
  if (value === undefined) return `\`${field}\` is missing`;
  if (value === null) return `\`${field}\` is null`;
  const expected = issue?.code === 'invalid_type' ? issue.expected : undefined;
  return expected ? `\`${field}\` is not a ${expected === 'array' ? 'list' : expected}` : `\`${field}\` is malformed`;
}
