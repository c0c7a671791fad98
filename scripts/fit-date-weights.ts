/**
 * Fits the vote between competing publication dates (PLACE_WEIGHTS and BYLINE_DISTANCE in
 * lib/dates/dates.ts) on the dev half of htmldate's pages, deterministically, and prints them with
 * their five-fold cross-validated figure inside the dev half. Never reads the held-out half.
 *
 *   npx tsx scripts/fit-date-weights.ts
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import {
  BYLINE_DISTANCE,
  DATE_PLACES,
  PLACE_WEIGHTS,
  dateCandidates,
  voteDate,
  type DateCandidates,
  type DateDocument,
  type DatePlace,
} from '../lib/dates/dates';
import { parseHtmlWithLinkedom } from '../lib/pages/parse-html';
import { dataPath, needData } from '../data/root';
import { decodeSavedPage } from './saved-page';

needData('scripts/fit-date-weights.ts');
const DEV_DIR = dataPath('corpus/real-pages/dates');
const READ_AT = new Date().toISOString();
/** The weights tried for each place (every place counts for something), and how many folds the dev half is cut into. */
const GRID = [1, 2, 3, 4, 5, 6, 7, 8];
const DISTANCES = [300, 600, 900, 1500];
const FOLDS = 5;

type Weights = Record<DatePlace, number>;

const pages = readFileSync(path.join(DEV_DIR, 'dates.jsonl'), 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((l) => JSON.parse(l) as { url: string; file: string; date: string })
  .sort((a, b) => (a.file < b.file ? -1 : 1));
type Item = { want: string; c: DateCandidates; fold: number };
const docs = pages.map((p, i) => {
  const html = decodeSavedPage(gunzipSync(readFileSync(path.join(DEV_DIR, p.file))));
  return { p, i, doc: parseHtmlWithLinkedom(html, p.url) as unknown as DateDocument };
});
/** For each byline distance tried, the pages where places disagree: only they move with the weights. */
const byDistance = new Map<number, Item[]>(
  DISTANCES.map((distance) => [
    distance,
    docs
      .map(({ p, i, doc }) => ({
        want: p.date,
        c: dateCandidates(doc, null, { url: p.url, readAt: READ_AT }, distance),
        fold: i % FOLDS,
      }))
      .filter((x) => new Set(x.c.dates.map((d) => d.day)).size > 1),
  ]),
);

/** Pages of `set` whose vote picks the right day. */
const right = (set: Item[], w: Weights) => set.filter((x) => voteDate(x.c.dates, w)?.winner.day === x.want).length;

/** Coordinate ascent from `start`: each place's weight in turn set to the grid's best, until none moves. */
function fit(set: Item[], start: Weights): Weights {
  const w = { ...start };
  let best = right(set, w);
  for (let moved = true; moved;) {
    moved = false;
    for (const place of DATE_PLACES)
      for (const v of GRID) {
        const tried = { ...w, [place]: v };
        const got = right(set, tried);
        if (got > best) [best, w[place], moved] = [got, v, true];
      }
  }
  return w;
}

/** The distance and weights that get most pages of `keep` right (the shorter distance on a tie). */
function fitAll(keep: (x: Item) => boolean) {
  let best: { distance: number; w: Weights; right: number } | null = null;
  for (const distance of DISTANCES) {
    const set = byDistance.get(distance)!.filter(keep);
    const w = fit(set, start);
    const r = right(set, w);
    if (!best || r > best.right) best = { distance, w, right: r };
  }
  return best!;
}

/** The precedence the vote started from: each place outweighs the next by one. */
const start = Object.fromEntries(DATE_PLACES.map((p, i) => [p, DATE_PLACES.length - i])) as Weights;
let cvRight = 0;
let cvPages = 0;
for (let f = 0; f < FOLDS; f++) {
  const { distance, w } = fitAll((x) => x.fold !== f);
  const held = byDistance.get(distance)!.filter((x) => x.fold === f);
  cvRight += right(held, w);
  cvPages += held.length;
  console.log(`fold ${f}: distance ${distance}, ${JSON.stringify(w)} → ${right(held, w)}/${held.length} contested pages right`);
}
const all = fitAll(() => true);
const inForce = byDistance.get(BYLINE_DISTANCE);
console.log(`of ${pages.length} dev pages, right where places disagree:`);
console.log(`  precedence order, distance 1500    ${right(byDistance.get(1500)!, start)}/${byDistance.get(1500)!.length}`);
if (inForce)
  console.log(
    `  in force, distance ${String(BYLINE_DISTANCE).padEnd(4)}         ${right(inForce, PLACE_WEIGHTS)}/${inForce.length}`,
  );
console.log(`  five-fold cross-validated         ${cvRight}/${cvPages}`);
console.log(`  fitted on all dev pages           ${all.right}: distance ${all.distance}, ${JSON.stringify(all.w)}`);
