import { CACHE_DIR, DATA_ROOT, dataRequired, MIRROR_DIR, noteAbsent, REQUIRE_VARIABLE } from '../data/root';

/**
 * Vitest's global setup: without the corpus and the labelled sets (data/root.ts), the checks that
 * read them are skipped and the run says so once, at its end; with SPANLIGHT_REQUIRE_DATA=1 (CI) the
 * run fails instead.
 */
export default function setup(): (() => void) | undefined {
  if (DATA_ROOT) return undefined;
  if (dataRequired())
    throw new Error(
      `${REQUIRE_VARIABLE}=1 but the data is not here (no complete ${CACHE_DIR}, no ${MIRROR_DIR}): run \`npm run data\``,
    );
  return () => noteAbsent('Corpus and dataset checks');
}
