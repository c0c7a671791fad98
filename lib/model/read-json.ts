/**
 * The JSON object in a model's reply: a ```json fence and text around the object are allowed.
 * Throws when there is none; callers validate the value with zod.
 */
export function readJsonObject(text: string): unknown {
  const body = text.trim().replace(/^```(?:json)?\s*([\s\S]*?)\s*```$/i, '$1');
  const start = body.indexOf('{');
  const end = body.lastIndexOf('}');
  if (start < 0 || end < start) throw new Error('no JSON object in the reply');
  return JSON.parse(body.slice(start, end + 1));
}
