/**
 * Writes data/manifest.json from the offline mirror (../shared, or the folder given): every file the
 * corpus and dataset checks read, with its size and sha256, grouped by where it comes from (the
 * public source, its licence and, for a derived file, the rule that made it, as the folder's
 * NOTICE.md states them). Run it when the mirror changes: `npx tsx scripts/data-manifest.ts [DIR]`.
 */
import { readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as prettier from 'prettier';
import { MANIFEST_FILE, MIRROR_DIR, PROJECT_ROOT, sha256File } from '../data/root';

/** A group of files from one source; `files` is filled from the mirror. */
interface GroupSpec {
  /** The folder in the data root. */
  dir: string;
  /** Which of its files (relative to `dir`) belong to the group. */
  include: (relative: string) => boolean;
  /** The NOTICE.md that states the source and licence, in the data root. */
  notice: string;
  source: { repository: string; commit?: string; path: string; derived?: string };
  licence: string;
  readBy: string[];
}

const GROUPS: GroupSpec[] = [
  {
    dir: 'corpus/readability-pages',
    include: () => true,
    notice: 'corpus/NOTICE.md',
    source: {
      repository: 'github.com/mozilla/readability',
      path: 'test/test-pages/<name>/{source.html,expected.html,expected-metadata.json}',
      derived: '98 of the 130 pages, copied as they are',
    },
    licence:
      'Apache-2.0 (the repository); the pages are snapshots of third-party sites, kept as test data only and never shipped',
    readBy: [
      'test/corpus/*.test.ts',
      'test/e2e/anchoring-corpus.test.ts',
      'test/e2e*/fact-check-whole-page.test.ts',
      'scripts/eval-dates.ts',
      'scripts/eval-extraction.ts',
      'bench/',
    ],
  },
  {
    dir: 'corpus/real-pages/extraction',
    include: () => true,
    notice: 'corpus/real-pages/NOTICE.md',
    source: {
      repository: 'github.com/adbar/trafilatura',
      path: 'tests/evaldata.json and the pages it names',
      derived:
        'a third of the evaluation set (330 pages), each page gzipped; snippets.jsonl is {url, file, with, without} per page',
    },
    licence: 'Apache-2.0 (the repository); the pages are third-party content, for evaluation only',
    readBy: ['scripts/eval-extraction.ts'],
  },
  {
    dir: 'corpus/real-pages/dates',
    include: () => true,
    notice: 'corpus/real-pages/NOTICE.md',
    source: {
      repository: 'github.com/adbar/htmldate',
      path: 'tests/ (the evaluation pages and their dates)',
      derived:
        'half of the evaluation pages, chosen by a hash of the URL (487 pages), each gzipped; dates.jsonl is {url, file, date} per page',
    },
    licence: 'Apache-2.0 (the repository); the pages are third-party content, for evaluation only',
    readBy: ['scripts/eval-dates.ts'],
  },
  {
    dir: 'corpus',
    include: (f) => f === 'NOTICE.md',
    notice: 'corpus/NOTICE.md',
    source: { repository: 'github.com/mozilla/readability', path: '(the notice of corpus/readability-pages)' },
    licence: 'as corpus/readability-pages',
    readBy: [],
  },
  {
    dir: 'corpus/real-pages',
    include: (f) => f === 'NOTICE.md',
    notice: 'corpus/real-pages/NOTICE.md',
    source: { repository: 'github.com/adbar/trafilatura, github.com/adbar/htmldate', path: '(the notice of the two sets above)' },
    licence: 'Apache-2.0',
    readBy: [],
  },
  {
    dir: 'data/verification',
    include: () => true,
    notice: 'data/NOTICE.md',
    source: {
      repository: 'ExpertQA (Malaviya et al., 2024) and WiCE (github.com/ryokamoi/wice, Kamoi et al., 2023)',
      path: 'the development splits',
      derived:
        'pairs-dev.jsonl: {id, source, claim, passage, url, label}, ExpertQA Complete/Partial/Incomplete and WiCE labels read as supported/partial/unsupported; answers-dev.jsonl: cited answers of ExpertQA’s retrieve-and-read systems with a label per claim (Missing → uncited)',
    },
    licence:
      'ExpertQA: MIT; WiCE: annotations ODC-BY, text CC BY-SA (Wikipedia) and as distributed by the authors (Common Crawl)',
    readBy: [
      'test/verification/*.test.ts',
      'test/eval/eval.test.ts',
      'spanlight eval (--calibration, --judge)',
      'scripts/fit-constants.ts',
      'scripts/verification-report.ts',
    ],
  },
  {
    dir: 'data',
    include: (f) => f === 'NOTICE.md',
    notice: 'data/NOTICE.md',
    source: { repository: 'ExpertQA, WiCE', path: '(the notice of data/verification)' },
    licence: 'as data/verification',
    readBy: [],
  },
  {
    dir: 'data/factcheck',
    include: () => true,
    notice: 'data/factcheck/NOTICE.md',
    source: {
      repository: 'github.com/tdiggelm/climate-fever-dataset',
      path: 'the Climate-FEVER claims and their evidence sentences',
      derived:
        'the claims with an even claim_id; each claim as kind "claim" (its five sentences) and each sentence as kind "pair"; SUPPORTS/REFUTES/NOT_ENOUGH_INFO/DISPUTED → supported/contradicted/not-found/mixed',
    },
    licence:
      'the evidence sentences are Wikipedia text, CC BY-SA; the authors ask that the paper be cited (Diggelmann et al., 2020)',
    readBy: ['test/verification/climate-fever.test.ts', 'spanlight eval (--calibration, --judge)', 'scripts/fit-constants.ts'],
  },
  {
    dir: 'data/corroboration',
    include: () => true,
    notice: 'data/corroboration/NOTICE.md',
    source: {
      repository: 'github.com/ryokamoi/wice',
      path: 'the development split (claims with their cited articles, sentence by sentence)',
      derived: '{id, claim, wikipedia_title, label, sentences, supporting} per line',
    },
    licence: 'annotations ODC-BY; Wikipedia text CC BY-SA; cited articles as distributed by the authors',
    readBy: ['scripts/eval-corroboration.ts'],
  },
  {
    dir: 'data/searchable',
    include: () => true,
    notice: 'data/searchable/NOTICE.md',
    source: {
      repository: 'github.com/ryokamoi/wice',
      commit: 'ddeb6c1',
      path: 'data/entailment_retrieval/claim/dev.jsonl',
      derived: '{id, claim, title, section, context, label, cited} per line (349 Wikipedia sentences)',
    },
    licence: 'Wikipedia text CC BY-SA; the cited articles belong to their publishers and are distributed by WiCE for research',
    readBy: ['scripts/eval-standalone.ts'],
  },
  {
    dir: 'data/checkworthy',
    include: (f) => !f.startsWith('clef2019-train/'),
    notice: 'data/checkworthy/NOTICE.md',
    source: {
      repository: 'github.com/isyufeng/FactFinders',
      commit: '081c71a',
      path: 'data/ (CLEF CheckThat! 2024 task 1, English train and dev)',
    },
    licence: 'the repository: MIT; the sentences and labels are the CheckThat! lab’s (ClaimBuster), released for research',
    readBy: ['scripts/train-checkworthy.ts', 'scripts/eval-checkworthy.ts'],
  },
  {
    dir: 'data/checkworthy/clef2019-train',
    include: () => true,
    notice: 'data/checkworthy/NOTICE.md',
    source: { repository: 'github.com/telsayed/clef2019-factchecking-task1', commit: '1236684', path: 'data/training/' },
    licence: '"free for general research use" (its README)',
    readBy: ['scripts/train-checkworthy.ts', 'scripts/eval-checkworthy.ts'],
  },
];

/** Every file under `dir`, relative to it, sorted. */
function walk(dir: string, prefix = ''): string[] {
  return readdirSync(path.join(dir, prefix), { withFileTypes: true })
    .flatMap((d) => (d.isDirectory() ? walk(dir, path.posix.join(prefix, d.name)) : [path.posix.join(prefix, d.name)]))
    .sort();
}

/** The manifest of the mirror at `root`. */
export function buildManifest(root: string) {
  const groups = GROUPS.map((g) => {
    const base = path.join(root, g.dir);
    const nested = GROUPS.filter((o) => o !== g && o.dir.startsWith(`${g.dir}/`)).map((o) => `${o.dir.slice(g.dir.length + 1)}/`);
    const files = walk(base)
      .filter((f) => g.include(f) && !nested.some((n) => f.startsWith(n)))
      .map((f) => {
        const file = path.join(base, f);
        return { path: path.posix.join(g.dir, f), size: statSync(file).size, sha256: sha256File(file) };
      });
    if (files.length === 0) throw new Error(`${base}: no files`);
    return { dir: g.dir, notice: g.notice, source: g.source, licence: g.licence, readBy: g.readBy, files };
  });
  return {
    about:
      'Every file the corpus and dataset checks read, as `npm run data` fetches it into .data/ and checks it. Paths are in the data root (the cache, or the offline mirror ../shared); each group names its public source, its licence and the NOTICE.md beside it. Written by scripts/data-manifest.ts.',
    groups,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = path.resolve(process.argv[2] ?? MIRROR_DIR);
  const manifest = buildManifest(root);
  const options = (await prettier.resolveConfig(MANIFEST_FILE)) ?? {};
  writeFileSync(MANIFEST_FILE, await prettier.format(JSON.stringify(manifest), { ...options, parser: 'json' }));
  const files = manifest.groups.reduce((n, g) => n + g.files.length, 0);
  const bytes = manifest.groups.reduce((n, g) => n + g.files.reduce((m, f) => m + f.size, 0), 0);
  console.log(`${path.relative(PROJECT_ROOT, MANIFEST_FILE)}: ${files} files, ${(bytes / 1e6).toFixed(1)} MB, from ${root}`);
}
