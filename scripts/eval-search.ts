/**
 * What a fact-check's searches find (test/eval/search-harness.ts says how): WiCE's development
 * claims, each in its page, checked keyless against a local engine over the articles cited for
 * them, once needing every word (MediaWiki's search, 300 characters at most), once any word (BM25).
 *
 *   npx tsx scripts/eval-search.ts [--check] [--json] [--misses]
 *
 * Prints, per engine, the share of supported or partly supported claims whose cited article reached
 * the claim's evidence (of all such claims, and of those the fact-check checked), the queries sent,
 * how many were over the engine's limit, and the searches per claim. --check exits 1 when a query
 * was over a limit or a share falls below its floor: the figure measured now, 0.02 below, rounded
 * down (FLOORS). --misses lists the claims whose article was not found, with their queries.
 */
import { dataPath, needData } from '../data/root';
import { measureEngine, poolPages, searchableRows } from '../test/eval/search-harness';

needData('scripts/eval-search.ts');
const CLAIMS = dataPath('data/searchable/wice-dev-claims.jsonl');
const CITED = dataPath('data/corroboration/wice-dev.jsonl');
/**
 * Shares of the claims checked: about 0.02 below the figures measured on dev (docs/figures.md),
 * rounded down, and never under the aim (every-word ≥ 0.60, any-word ≥ 0.95).
 */
export const FLOORS = { 'every-word': 0.83, 'any-word': 0.95 } as const;
const args = new Set(process.argv.slice(2));

const rows = searchableRows(CLAIMS);
const pages = poolPages(CITED);
const figures = [];
for (const engine of ['every-word', 'any-word'] as const) figures.push(await measureEngine(engine, rows, pages));

if (args.has('--json'))
  console.log(
    JSON.stringify(
      figures.map((f) => ({ ...f, outcomes: undefined })),
      null,
      2,
    ),
  );
else {
  console.log(
    `WiCE dev: ${figures[0]!.claims} supported or partly supported claims, each in its page, against ${pages.length} cited articles`,
  );
  for (const f of figures)
    console.log(
      `${f.engine.padEnd(10)}  cited article in the evidence: ${f.ofClaims.toFixed(3)} of claims (${f.found}/${f.claims}), ` +
        `${f.ofChecked.toFixed(3)} of those checked (${f.found}/${f.checked}); ${f.queries} queries, ${f.overLimit} over the limit, ` +
        `${f.searchesPerClaim.toFixed(2)} searches per claim`,
    );
}
if (args.has('--misses'))
  for (const f of figures)
    for (const o of f.outcomes.filter((x) => x.checked && !x.found))
      console.log(`${f.engine} miss ${o.id}: ${o.standalone}\n    ${o.queries.map((q) => JSON.stringify(q)).join('\n    ')}`);

if (args.has('--check')) {
  const failed = figures.filter((f) => f.overLimit > 0 || f.ofChecked < FLOORS[f.engine]);
  for (const f of failed)
    console.error(
      `eval-search: ${f.engine}: ${f.overLimit} queries over the limit, ${f.ofChecked.toFixed(3)} against a floor of ${FLOORS[f.engine]}`,
    );
  process.exit(failed.length > 0 ? 1 : 0);
}
