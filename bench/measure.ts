/**
 * What the Node benchmarks measure with: the median (the corpus helpers' own) and the process's CPU
 * time, which another process's load on a shared machine stretches less than wall time.
 */
export { median } from '../test/corpus/corpus';

/** The process's CPU time so far, ms. */
export function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}
