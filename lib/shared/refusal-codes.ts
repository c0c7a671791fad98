import { z } from 'zod';

/**
 * Why an answer was refused or found nothing, when the gate did not decide it (the gate's refusals
 * carry their conditions: GateResult.failed): a message id the panel renders from the catalogue.
 */
export const RefusalCodeSchema = z.enum([
  'no-results',
  'nothing-relevant',
  'evidence-insufficient',
  'unknown-spans-twice',
  'unknown-spans',
  'no-claim-supported',
  'no-evidence',
]);
export type RefusalCode = z.infer<typeof RefusalCodeSchema>;

/** A refusal's code and its parameters, by name (REFUSAL_PARAMS). */
export const RefusalSchema = z.object({
  code: RefusalCodeSchema,
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export type Refusal = z.infer<typeof RefusalSchema>;

/**
 * Each refusal code's parameters, in the order of its message's placeholders ($1, $2…) in the
 * catalogue (key `refusalMessageKey(code)`).
 */
export const REFUSAL_PARAMS: { [C in RefusalCode]: readonly string[] } = {
  'no-results': [],
  'nothing-relevant': [],
  'evidence-insufficient': [],
  'unknown-spans-twice': [],
  'unknown-spans': ['spans'],
  'no-claim-supported': [],
  'no-evidence': [],
};

/** The catalogue key of a refusal's message: "no-results" → "refusalNoResults". */
export function refusalMessageKey(code: RefusalCode): `refusal${string}` {
  return `refusal${code.replace(/(^|-)([a-z])/g, (_, __, c: string) => c.toUpperCase())}`;
}

/** A refusal's parameters in its message's placeholder order, as the i18n API takes them. */
export function refusalArgs(refusal: Refusal): string[] {
  return REFUSAL_PARAMS[refusal.code].map((name) => String(refusal.params?.[name] ?? ''));
}
