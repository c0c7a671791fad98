/**
 * Trains the check-worthiness model (lib/factcheck/checkworthy.ts) on data/checkworthy in the data root (data/root.ts):
 * CheckThat! 2024 English train and the 19 CheckThat! 2019 training transcripts (never the 2024 dev
 * set, which scripts/eval-checkworthy.ts measures). An L2 logistic regression over `featuresOf`,
 * fitted by L-BFGS on the whole set in a fixed order (no randomness: two runs write the same bytes);
 * the threshold is the one that maximises F1 over 5-fold cross-validated scores of the training set.
 *
 *   npx tsx scripts/train-checkworthy.ts          writes lib/factcheck/checkworthy-model.json
 *   npx tsx scripts/train-checkworthy.ts --tune   prints the cross-validated F1 of a few L2 strengths
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { languageReason } from '../lib/factcheck/left-out';
import { dataPath, needData } from '../data/root';
import {
  featuresOf,
  HAND_PREFIX,
  scoreWith,
  sigmoid,
  type CheckworthyModel,
  type CheckworthyWeights,
} from '../lib/factcheck/checkworthy';

/** One labelled sentence. */
export interface Example {
  text: string;
  /** 1 = worth checking. */
  label: 0 | 1;
  /** CheckThat! 2024 (`ct24`) or a 2019 transcript (`clef2019`): which labelling it follows. */
  source: 'ct24' | 'clef2019';
  /** The 2019 transcript it comes from (CT24's sentences come shuffled, without one). */
  transcript?: string;
}

/** The labelled sets, as read from the data folder. */
export interface CheckworthyData {
  ct24Train: Example[];
  ct24Dev: Example[];
  /** The 2019 transcripts in file-name order, each with its sentences in transcript order. */
  transcripts: Array<{ name: string; examples: Example[] }>;
}

/** How training is set up; the defaults are the shipped model's. */
export interface TrainOptions {
  /** L2 strength on the word n-grams, per training example (the loss is a mean). */
  l2: number;
  /** The hand features' L2 as a fraction of `l2`: lower, so they keep weight for other languages. */
  handL2Factor: number;
  /** A feature must occur in at least this many training sentences. */
  minCount: number;
  /** Keep the features with the largest |weight|, at most this many (keeps the JSON small). */
  maxFeatures: number;
  /** Weight in the loss of each 2019 sentence, against 1 for a CT24 one. */
  clefWeight: number;
  /** L-BFGS iterations. */
  iterations: number;
  /** Decimal places the shipped weights keep. */
  decimals: number;
  /** Features left out of the vocabulary: exact names, or prefixes ending in `*`. */
  exclude: string[];
  /** Whether to fit again on the `maxFeatures` kept, rather than only cutting the rest. */
  refit: boolean;
  /** NB-LR: each word n-gram's L2 divided by (nbFloor + |its naive-Bayes log-count ratio|)^nbPower; 0 = off. */
  nbPower: number;
  /** The floor added to |r| before the power, so a feature with no class lean still has a finite L2. */
  nbFloor: number;
  /** Smoothing count of the ratio's per-class feature counts. */
  nbAlpha: number;
}

// Chosen by `--tune` (cross-validation within the training set, never dev; CT24 F1 / 2019 MAP as the
// claim finder ranks, 2019 folds by transcript): weighting the 2019 sentences 3× lifts their MAP from
// 0.231 to 0.246 for a CT24 F1 of 0.667 against 0.680. NB-LR (nbPower 2, nbFloor 1: a word n-gram's L2
// divided by (1 + |its log-count ratio|)²) with every n-gram seen once kept and the 20,000 largest weights
// at 3 places: 0.676 / 0.262 (126 KB gzipped), against 0.669 / 0.241 for the plain L2 at minCount 2,
// 10,000 features and 2 places. NB-LR at minCount 2 and 10,000 features: nbPower 1 0.672 / 0.247, 1.5
// 0.667 / 0.252, 2 0.664 / 0.254 (nbFloor 0.25), 0.668 / 0.254 (nbFloor 0.5), 0.670 / 0.251 (nbFloor 1),
// 3 0.659 / 0.245; other L2 strengths (1e-4 to 1e-3) and nbAlpha 0.5 did not help; 30,000 features
// (186 KB) 0.675 / 0.262, no better. Neighbouring sentences' hand features (claims in runs) lowered
// the MAP to 0.230–0.238 at any strength, so the model reads each sentence alone.
export const DEFAULT_OPTIONS: TrainOptions = {
  l2: 3e-4,
  handL2Factor: 0.1,
  minCount: 1,
  maxFeatures: 20_000,
  clefWeight: 3,
  iterations: 150,
  decimals: 3,
  exclude: [],
  refit: false,
  nbPower: 2,
  nbFloor: 1,
  nbAlpha: 1,
};

export const DATA_DIR = dataPath('data/checkworthy');
const MODEL_PATH = path.resolve('lib/factcheck/checkworthy-model.json');
const FOLDS = 5;

/** Text reduced for finding the same sentence in two sets: lower case, letters and digits, single spaces. */
export function normalisedText(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s]/gu, '')
    .replace(/\s+/g, ' ')
    .trim();
}

// CT24 wraps a field holding quotes in quotes and doubles the inner ones; 2019 writes quotes as they are.
function unquote(field: string): string {
  return /^".*"$/s.test(field) && !/(^|[^"])"([^"]|$)/.test(field.slice(1, -1)) ? field.slice(1, -1).replace(/""/g, '"') : field;
}

function rows(file: string): string[][] {
  return readFileSync(file, 'utf8')
    .split(/\r?\n/)
    .filter((l) => l.trim() !== '')
    .map((l) => l.split('\t'));
}

function readCt24(file: string): Example[] {
  return rows(file)
    .slice(1)
    .map(([, text = '', label = '']) => ({
      text: unquote(text),
      label: label.trim() === 'Yes' ? 1 : 0,
      source: 'ct24',
    }));
}

/** Reads the CheckThat! 2024 English train and dev sets and the 2019 training transcripts. */
export function loadCheckworthyData(dir = DATA_DIR): CheckworthyData {
  const tdir = path.join(dir, 'clef2019-train');
  return {
    ct24Train: readCt24(path.join(dir, 'ct24-english-train.tsv')),
    ct24Dev: readCt24(path.join(dir, 'ct24-english-dev.tsv')),
    transcripts: readdirSync(tdir)
      .filter((f) => f.endsWith('.tsv'))
      .sort()
      .map((f) => ({
        name: f.replace(/\.tsv$/, ''),
        examples: rows(path.join(tdir, f)).map(([, , text = '', label = '']) => ({
          text,
          label: label.trim() === '1' ? 1 : 0,
          source: 'clef2019',
          transcript: f,
        })),
      })),
  };
}

/** Minimises a smooth function by L-BFGS (memory 10, backtracking line search); deterministic. */
function lbfgs(fg: (x: Float64Array, g: Float64Array) => number, x: Float64Array, iterations: number): void {
  const n = x.length;
  const m = 10;
  const s: Float64Array[] = [];
  const y: Float64Array[] = [];
  const g = new Float64Array(n);
  let f = fg(x, g);
  const d = new Float64Array(n);
  const xNew = new Float64Array(n);
  const gNew = new Float64Array(n);
  const dot = (a: Float64Array, b: Float64Array) => {
    let t = 0;
    for (let i = 0; i < n; i++) t += a[i]! * b[i]!;
    return t;
  };
  for (let it = 0; it < iterations; it++) {
    // Two-loop recursion: d = -H·g.
    d.set(g);
    const alpha: number[] = [];
    for (let k = s.length - 1; k >= 0; k--) {
      const a = dot(s[k]!, d) / dot(y[k]!, s[k]!);
      alpha[k] = a;
      for (let i = 0; i < n; i++) d[i]! -= a * y[k]![i]!;
    }
    const last = s.length - 1;
    const gamma = last >= 0 ? dot(s[last]!, y[last]!) / dot(y[last]!, y[last]!) : 1 / Math.sqrt(dot(g, g));
    for (let i = 0; i < n; i++) d[i]! *= gamma;
    for (let k = 0; k < s.length; k++) {
      const b = dot(y[k]!, d) / dot(y[k]!, s[k]!);
      for (let i = 0; i < n; i++) d[i]! += s[k]![i]! * (alpha[k]! - b);
    }
    for (let i = 0; i < n; i++) d[i] = -d[i]!;
    const slope = dot(g, d);
    if (slope >= 0) break;
    let step = 1;
    let fNew = Infinity;
    for (let tries = 0; tries < 30; tries++, step /= 2) {
      for (let i = 0; i < n; i++) xNew[i] = x[i]! + step * d[i]!;
      fNew = fg(xNew, gNew);
      if (fNew <= f + 1e-4 * step * slope) break;
    }
    if (!(fNew < f)) break;
    const sk = new Float64Array(n);
    const yk = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      sk[i] = xNew[i]! - x[i]!;
      yk[i] = gNew[i]! - g[i]!;
    }
    const converged = f - fNew < 1e-10 * Math.max(1, Math.abs(f));
    x.set(xNew);
    g.set(gNew);
    f = fNew;
    if (converged) break;
    if (dot(sk, yk) > 1e-12) {
      s.push(sk);
      y.push(yk);
      if (s.length > m) {
        s.shift();
        y.shift();
      }
    }
  }
}

/**
 * Fits an L2 logistic regression on the examples: vocabulary from the examples themselves (features
 * in at least `minCount` sentences), then the `maxFeatures` largest weights kept, rounded to `decimals` places.
 */
export function trainCheckworthy(examples: Example[], options: Partial<TrainOptions> = {}): CheckworthyWeights {
  const opt = { ...DEFAULT_OPTIONS, ...options };
  const featureSets = examples.map((e) => featuresOf(e.text));
  const counts = new Map<string, number>();
  for (const fs of featureSets) for (const f of fs) counts.set(f, (counts.get(f) ?? 0) + 1);
  const excluded = (f: string) => opt.exclude.some((x) => (x.endsWith('*') ? f.startsWith(x.slice(0, -1)) : f === x));
  const names = [...counts].filter(([f, c]) => c >= opt.minCount && !excluded(f)).map(([f]) => f);
  names.sort();
  const fitted = fitWeights(examples, featureSets, names, opt);
  if (!opt.refit) return fitted;
  return fitWeights(examples, featureSets, Object.keys(fitted.weights).sort(), { ...opt, refit: false });
}

// The fit over a given vocabulary (sorted names); the rest of trainCheckworthy's contract.
function fitWeights(
  examples: Example[],
  featureSets: Array<Set<string>>,
  names: string[],
  opt: TrainOptions,
): CheckworthyWeights {
  const index = new Map(names.map((f, i) => [f, i]));
  // Sparse rows: feature indices of example i are cols[start[i]] … cols[start[i+1]-1]; the bias and the 2019 bias are the last two columns.
  const start = new Int32Array(examples.length + 1);
  const colList: number[] = [];
  featureSets.forEach((fs, i) => {
    for (const f of fs) {
      const j = index.get(f);
      if (j !== undefined) colList.push(j);
    }
    start[i + 1] = colList.length;
  });
  const cols = Int32Array.from(colList);
  const labels = Float64Array.from(examples, (e) => e.label);
  const bias = names.length;
  // The 2019 sentences get a bias of their own: their labels mark far fewer sentences (3 % against
  // CT24's 24 %), a difference of labelling, which the words should not have to explain. Scoring
  // uses the CT24 bias; within a transcript the order is the same either way.
  const sourceBias = bias + 1;
  const fromClef = Uint8Array.from(examples, (e) => (e.source === 'clef2019' ? 1 : 0));
  const weightOf = Float64Array.from(fromClef, (c) => (c ? opt.clefWeight : 1));
  const N = weightOf.reduce((a, b) => a + b, 0);
  const lambda = Float64Array.from(names, (f) => (f.startsWith(HAND_PREFIX) ? opt.l2 * opt.handL2Factor : opt.l2));
  if (opt.nbPower > 0) {
    // Naive-Bayes log-count ratios (Wang & Manning 2012), counted with each example's loss weight.
    const pos = new Float64Array(names.length);
    const neg = new Float64Array(names.length);
    for (let i = 0; i < examples.length; i++) {
      const to = labels[i] ? pos : neg;
      for (let k = start[i]!; k < start[i + 1]!; k++) to[cols[k]!]! += weightOf[i]!;
    }
    const posSum = pos.reduce((a, b) => a + b, 0) + opt.nbAlpha * names.length;
    const negSum = neg.reduce((a, b) => a + b, 0) + opt.nbAlpha * names.length;
    names.forEach((f, j) => {
      if (f.startsWith(HAND_PREFIX)) return;
      const r = Math.log((pos[j]! + opt.nbAlpha) / posSum) - Math.log((neg[j]! + opt.nbAlpha) / negSum);
      lambda[j] = opt.l2 / (opt.nbFloor + Math.abs(r)) ** opt.nbPower;
    });
  }

  const fg = (w: Float64Array, g: Float64Array): number => {
    g.fill(0);
    let loss = 0;
    for (let i = 0; i < examples.length; i++) {
      let z = w[bias]! + (fromClef[i] ? w[sourceBias]! : 0);
      for (let k = start[i]!; k < start[i + 1]!; k++) z += w[cols[k]!]!;
      const yv = labels[i]!;
      // log(1 + e^z) - y·z, computed stably.
      loss += weightOf[i]! * ((z > 0 ? z + Math.log1p(Math.exp(-z)) : Math.log1p(Math.exp(z))) - yv * z);
      const r = (weightOf[i]! * (sigmoid(z) - yv)) / N;
      g[bias]! += r;
      if (fromClef[i]) g[sourceBias]! += r;
      for (let k = start[i]!; k < start[i + 1]!; k++) g[cols[k]!]! += r;
    }
    loss /= N;
    for (let j = 0; j < bias; j++) {
      loss += 0.5 * lambda[j]! * w[j]! * w[j]!;
      g[j]! += lambda[j]! * w[j]!;
    }
    return loss;
  };
  const w = new Float64Array(names.length + 2);
  lbfgs(fg, w, opt.iterations);

  const scale = 10 ** opt.decimals;
  const kept = names
    .map((f, j) => ({ f, w: Math.round(w[j]! * scale) / scale }))
    .filter((e) => e.w !== 0)
    .sort((a, b) => Math.abs(b.w) - Math.abs(a.w) || (a.f < b.f ? -1 : 1))
    .slice(0, opt.maxFeatures)
    .sort((a, b) => (a.f < b.f ? -1 : 1));
  const weights: Record<string, number> = {};
  for (const e of kept) weights[e.f] = e.w;
  return { bias: Math.round(w[bias]! * scale) / scale, weights };
}

// FNV-1a: a fold that depends only on the sentence, so repeated sentences never straddle two folds.
function foldOf(text: string): number {
  let h = 0x811c9dc5;
  for (const ch of normalisedText(text)) h = Math.imul(h ^ ch.charCodeAt(0), 0x01000193) >>> 0;
  return h % FOLDS;
}

/** Precision, recall and F1 of the "yes" class. */
export function prf(predicted: boolean[], labels: Array<0 | 1>): { p: number; r: number; f1: number } {
  let tp = 0;
  let fp = 0;
  let fn = 0;
  predicted.forEach((yes, i) => {
    if (yes && labels[i]) tp++;
    else if (yes) fp++;
    else if (labels[i]) fn++;
  });
  const p = tp + fp ? tp / (tp + fp) : 0;
  const r = tp + fn ? tp / (tp + fn) : 0;
  return { p, r, f1: p + r ? (2 * p * r) / (p + r) : 0 };
}

/** The score threshold (predict yes when score ≥ it) that maximises F1 of the given scores. */
export function bestThreshold(scores: number[], labels: Array<0 | 1>): { threshold: number; f1: number } {
  const order = scores.map((s, i) => i).sort((a, b) => scores[b]! - scores[a]! || a - b);
  const positives = labels.reduce<number>((n, l) => n + l, 0);
  let tp = 0;
  let best = { threshold: 1, f1: 0 };
  order.forEach((i, k) => {
    tp += labels[i]!;
    const next = order[k + 1];
    if (next !== undefined && scores[next] === scores[i]) return; // ties go together
    const f1 = (2 * tp) / (k + 1 + positives);
    if (f1 > best.f1) best = { threshold: scores[i]!, f1 };
  });
  return best;
}

/**
 * Each example's score by the model fitted on the other 4 of 5 folds: CT24's folds by sentence, the
 * 2019 ones by whole transcript (the n-th transcript met in fold n mod 5), so that a transcript is
 * ranked by a model that saw none of it, as the product meets a page.
 */
export function crossValidatedScores(examples: Example[], options: Partial<TrainOptions> = {}): number[] {
  const opt = { ...DEFAULT_OPTIONS, ...options };
  const scores = new Array<number>(examples.length).fill(0);
  const transcripts = new Map<string, number>();
  const folds = examples.map((e) => {
    if (e.transcript === undefined) return foldOf(e.text);
    if (!transcripts.has(e.transcript)) transcripts.set(e.transcript, transcripts.size % FOLDS);
    return transcripts.get(e.transcript)!;
  });
  for (let k = 0; k < FOLDS; k++) {
    const model = trainCheckworthy(
      examples.filter((_, i) => folds[i] !== k),
      opt,
    );
    examples.forEach((e, i) => {
      if (folds[i] === k) scores[i] = scoreWith(model, e.text);
    });
  }
  return scores;
}

/** Average precision of a ranking by score (higher first; ties in the given order, as rankClaims orders). */
export function averagePrecision(scores: number[], labels: Array<0 | 1>): number {
  const order = scores.map((_, i) => i).sort((a, b) => scores[b]! - scores[a]! || a - b);
  let hits = 0;
  let sum = 0;
  order.forEach((i, k) => {
    if (!labels[i]) return;
    hits++;
    sum += hits / (k + 1);
  });
  return hits ? sum / hits : 0;
}

/**
 * Fits the weights on all examples and the threshold on 5-fold cross-validated scores of the CT24
 * ones: the 2019 labels mark only the few claims fact-checkers took up (a ranking label, 3 % yes),
 * while "worth checking" is meant as CT24's yes/no.
 */
export function fitCheckworthy(examples: Example[], options: Partial<TrainOptions> = {}): CheckworthyModel & { cvF1: number } {
  const scores = crossValidatedScores(examples, options);
  const ct24 = examples.flatMap((e, i) => (e.source === 'ct24' ? [i] : []));
  const { threshold, f1 } = bestThreshold(
    ct24.map((i) => scores[i]!),
    ct24.map((i) => examples[i]!.label),
  );
  return { ...trainCheckworthy(examples, options), threshold: Math.round(threshold * 1e4) / 1e4, cvF1: f1 };
}

/** The shipped training set: CT24 train and every 2019 transcript. */
export function shippedTrainingSet(data: CheckworthyData): Example[] {
  return [...data.ct24Train, ...data.transcripts.flatMap((t) => t.examples)];
}

/**
 * Why the claim finder leaves a sentence out before the model scores it (lib/factcheck/left-out.ts):
 * each line of a transcript is its own paragraph, in the middle of its page, not fiction.
 */
export const leftOut = (text: string) => languageReason(text, { paragraph: text, at: 0.5, fiction: false });

async function main(): Promise<void> {
  needData('scripts/train-checkworthy.ts');
  const data = loadCheckworthyData();
  const examples = shippedTrainingSet(data);
  const tune = process.argv.indexOf('--tune');
  if (tune !== -1) {
    // Cross-validation within the training set: CT24's F1 at its best threshold, and the 2019
    // transcripts' mean average precision, each transcript ranked by its out-of-fold scores.
    const grid = JSON.parse(process.argv[tune + 1] ?? '[{}]') as Array<Partial<TrainOptions>>;
    for (const options of grid) {
      const scores = crossValidatedScores(examples, options);
      const ct24 = data.ct24Train.length;
      const { f1 } = bestThreshold(
        scores.slice(0, ct24),
        data.ct24Train.map((e) => e.label),
      );
      let offset = ct24;
      const aps = data.transcripts.map((t) => {
        const labels = t.examples.map((e) => e.label);
        offset += labels.length;
        return averagePrecision(scores.slice(offset - labels.length, offset), labels);
      });
      const map = aps.reduce((a, b) => a + b, 0) / aps.length;
      // As the claim finder ranks: the sentences its left-out rules leave out come last.
      offset = ct24;
      const finderAps = data.transcripts.map((t) => {
        const labels = t.examples.map((e) => e.label);
        const ranked = t.examples.map((e, i) => (leftOut(e.text) ? -1 : scores[offset + i]!));
        offset += labels.length;
        return averagePrecision(ranked, labels);
      });
      const finderMap = finderAps.reduce((a, b) => a + b, 0) / finderAps.length;
      const { weights } = trainCheckworthy(examples, options);
      const kb = gzipSync(JSON.stringify({ weights }, null, 2)).length / 1024;
      console.log(
        `${JSON.stringify(options)}: CT24 F1 ${f1.toFixed(4)}, 2019 MAP ${map.toFixed(4)}, as the claim finder ranks ${finderMap.toFixed(4)}, ~${kb.toFixed(1)} KB gzipped`,
      );
    }
    return;
  }
  const { cvF1, threshold, bias, weights } = fitCheckworthy(examples);
  const out = {
    about: {
      what: 'Check-worthiness logistic regression for lib/factcheck/checkworthy.ts; features from featuresOf.',
      trainedOn: `CheckThat! 2024 task 1 English train (${data.ct24Train.length} sentences) and the 19 CheckThat! 2019 task 1 training transcripts (${examples.length - data.ct24Train.length} sentences); not the 2024 dev set.`,
      data: 'US presidential debates and speeches, 1960–2019 (ClaimBuster via CheckThat! 2024, isyufeng/FactFinders@081c71a; CheckThat! 2019, telsayed/clef2019-factchecking-task1@1236684).',
      options: DEFAULT_OPTIONS,
      vocabulary: Object.keys(weights).length,
      threshold: `maximises F1 of the CT24 sentences' 5-fold cross-validated scores (F1 ${cvF1.toFixed(4)})`,
      commands: 'npx tsx scripts/train-checkworthy.ts; measured by npx tsx scripts/eval-checkworthy.ts --check',
    },
    threshold,
    bias,
    weights,
  };
  // Written as prettier would format it, so `npm run format:check` passes on the generated file.
  const { format, resolveConfig } = await import('prettier');
  const text = await format(JSON.stringify(out), { ...(await resolveConfig(MODEL_PATH)), parser: 'json' });
  writeFileSync(MODEL_PATH, text);
  console.log(`wrote ${MODEL_PATH}: ${out.about.vocabulary} features, threshold ${threshold}, CV F1 ${cvF1.toFixed(4)}`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) void main();
