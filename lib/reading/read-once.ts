/**
 * Texts read once while `withReadingsKept` runs: the claims of one answer cite the same passages,
 * and a claim citing several is checked against them joined and alone. Outside it nothing is kept,
 * so no reading outlives the check it served.
 */
let kept: Map<string, Map<string, unknown>> | null = null;

/** Runs `f` keeping each text's readings (see `readOnce`) until it returns. */
export function withReadingsKept<T>(f: () => T): T {
  if (kept) return f();
  kept = new Map();
  try {
    return f();
  } finally {
    kept = null;
  }
}

/** `read(text)`, done once per `kind` and text while `withReadingsKept` runs; the result must not be changed. */
export function readOnce<V>(kind: string, text: string, read: (text: string) => V): V {
  if (!kept) return read(text);
  let readings = kept.get(kind);
  if (!readings) kept.set(kind, (readings = new Map()));
  if (readings.has(text)) return readings.get(text) as V;
  const value = read(text);
  readings.set(text, value);
  return value;
}
