/** 1 − edit distance / length, for short context strings. */
export function similarity(a: string, b: string): number {
  if (a.length === 0 && b.length === 0) return 1;
  if (a === b) return 1;
  const n = Math.max(a.length, b.length);
  return 1 - editDistance(a, b) / n;
}

let row = new Int32Array(64);

/** Levenshtein distance (two rows, one reused buffer). */
export function editDistance(a: string, b: string): number {
  if (a === b) return 0;
  if (a.length === 0) return b.length;
  if (b.length === 0) return a.length;
  const n = b.length;
  if (row.length < n + 1) row = new Int32Array(2 * (n + 1));
  for (let j = 0; j <= n; j++) row[j] = j;
  for (let i = 1; i <= a.length; i++) {
    let diag = row[0]!;
    row[0] = i;
    const ca = a.charCodeAt(i - 1);
    for (let j = 1; j <= n; j++) {
      const up = row[j]!;
      const cost = ca === b.charCodeAt(j - 1) ? 0 : 1;
      row[j] = Math.min(up + 1, row[j - 1]! + 1, diag + cost);
      diag = up;
    }
  }
  return row[n]!;
}
