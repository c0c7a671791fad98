import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseFlags, type Command } from '../command';
import { checkDirectory, checkJsonFile } from '../data-files';
import { FailureError, UsageError, jsonText, type Io } from '../io';

/** The model for --live, from the same variables as `spanlight ask`; a usage error names what is missing. */
function liveModelConfig(env: Io['env']): { baseUrl: string; apiKey: string; model: string } {
  const read = (name: string) => env[name]?.trim() || undefined;
  const baseUrl = read('SPANLIGHT_MODEL_BASE_URL');
  if (!baseUrl)
    throw new UsageError(
      '--live needs a model: set SPANLIGHT_MODEL_BASE_URL (an OpenAI-compatible endpoint), with SPANLIGHT_MODEL_KEY and SPANLIGHT_MODEL as it requires',
    );
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new UsageError(`SPANLIGHT_MODEL_BASE_URL must be an http(s) URL, got "${baseUrl}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new UsageError(`SPANLIGHT_MODEL_BASE_URL must be an http(s) URL, got "${baseUrl}"`);
  return { baseUrl, apiKey: read('SPANLIGHT_MODEL_KEY') ?? '', model: read('SPANLIGHT_MODEL') ?? 'gpt-4o-mini' };
}

/** The labelled sets' folder: --data, else the data root's (data/root.ts); a failure when there is none. */
async function labelledData(dataDir: string | undefined): Promise<string> {
  if (dataDir !== undefined) return dataDir;
  const { HAS_DATA, dataPath } = await import('../../data/root');
  if (!HAS_DATA) throw new FailureError('the labelled data is not here: run `npm run data` to fetch it, or give --data DIR');
  return dataPath('data');
}

/** `spanlight eval --calibration`: the decision constants measured on every labelled set, both ways. */
async function runCalibration(dataDir: string | undefined, json: boolean, io: Io): Promise<number> {
  const [{ loadCalibrationItems }, { calibrationReport, renderCalibration }] = await Promise.all([
    import('../../lib/eval/load-calibration'),
    import('../../lib/eval/calibration-report'),
  ]);
  if (dataDir !== undefined) checkDirectory(dataDir, '--data');
  const dir = await labelledData(dataDir);
  let report;
  try {
    io.err(`spanlight eval: reading the labelled sets in ${dir}…`);
    report = calibrationReport(loadCalibrationItems(dir));
  } catch (e) {
    throw new FailureError(e instanceof Error ? e.message.split('\n')[0]! : String(e));
  }
  await io.out(json ? jsonText(report) : renderCalibration(report));
  if (!report.upToDate) {
    io.err('spanlight eval: the decision constants in force are not what the fit gives: run npx tsx scripts/fit-constants.ts');
    return 1;
  }
  return 0;
}

/** `spanlight eval --judge`: the label-answering judge on Climate-FEVER and the labelled answers, held to its thresholds. */
async function runJudge(
  options: { data?: string; thresholds?: string; wrong?: string; seed?: string; json: boolean },
  io: Io,
): Promise<number> {
  const [{ loadJudgedRows }, { parseAnswers }, judge, { DEFAULT_PATHS, loadThresholds }, { thresholdFailures }] =
    await Promise.all([
      import('../../lib/eval/load-judge-sets'),
      import('../../lib/eval/dataset'),
      import('../../lib/eval/judge-report'),
      import('../../lib/eval/load'),
      import('../../lib/eval/report'),
    ]);
  const share = options.wrong === undefined ? judge.WRONG_SHARE : options.wrong.trim() ? Number(options.wrong) : NaN;
  if (!(share >= 0 && share <= 1)) throw new UsageError(`--wrong takes a share between 0 and 1, got "${options.wrong}"`);
  const seed = options.seed === undefined ? judge.SEED : /^\s*-?\d+\s*$/.test(options.seed) ? Number(options.seed) : NaN;
  if (!Number.isInteger(seed)) throw new UsageError(`--seed takes a whole number, got "${options.seed}"`);
  const dir = await labelledData(options.data);
  const factFile = path.join(dir, 'factcheck/climate-fever-dev.jsonl');
  const answersFile = path.join(dir, 'verification/answers-dev.jsonl');
  const thresholdsFile = options.thresholds ?? DEFAULT_PATHS.thresholds;
  if (options.thresholds !== undefined) checkJsonFile(options.thresholds, '--thresholds', { required: true });
  if (options.data !== undefined) checkDirectory(options.data, '--data');
  let report;
  let thresholds;
  try {
    const rows = loadJudgedRows(factFile);
    const answers = await readFile(answersFile, 'utf8').then(parseAnswers, (e: NodeJS.ErrnoException) => {
      if (e.code === 'ENOENT') return null;
      throw new Error(`${answersFile}: cannot be read (${e.code ?? String(e)})`);
    });
    thresholds = loadThresholds(thresholdsFile);
    io.err(`spanlight eval: the label-answering judge on ${dir} (about a minute)…`);
    report = await judge.judgeReport({ file: factFile, rows }, { file: answersFile, answers }, share, seed);
  } catch (e) {
    throw new FailureError(e instanceof Error ? e.message.split('\n')[0]! : String(e));
  }
  const checked = judge.checkJudgeThresholds(report, thresholds, path.relative(process.cwd(), thresholdsFile) || thresholdsFile);
  const failed = thresholdFailures(checked);
  await io.out(
    options.json
      ? jsonText({ ...report, thresholds: checked })
      : `${judge.renderJudgeReport(report)}\n${failed.length === 0 ? `thresholds (${checked.checks.length}, ${checked.file}): all hold` : `thresholds: ${failed.length} below: ${failed.join('; ')}`}\n`,
  );
  if (failed.length > 0) {
    io.err(`spanlight eval: ${failed.length} metric${failed.length === 1 ? '' : 's'} below threshold: ${failed.join('; ')}`);
    return 1;
  }
  return 0;
}

export const evalCommand: Command = {
  help: `Usage: spanlight eval [--json] [--out DIR] [--cases PATH] [--answers FILE] [--thresholds FILE]
       spanlight eval --live [--json] [--out DIR] [--cases PATH]
       spanlight eval --calibration [--json] [--data DIR]
       spanlight eval --judge [--json] [--data DIR] [--wrong SHARE] [--seed N] [--thresholds FILE]

Measures groundedness (the seeds' metrics) on the frozen evaluation set, with the extension's own
gate, citation attachment, verification and conflict detection (the code "spanlight check" runs):

  - test/eval/cases/*.json: frozen cases (evidence, a scripted model draft, the expected mode and
    which claims must be kept or dropped, a gold source and answer where one applies), in five
    categories: answerable, partial, must-refuse, hostile, planted;
  - data/verification/answers-dev.jsonl in the data root (.data/ or ../shared: docs/testing.md):
    real cited answers with human labels per claim (skipped, and said, when the file is absent).

Metrics: citation precision (of the citations on shown claims, the share that support their claim,
by the expectations or the human labels), citation coverage (shown claims that carry a citation),
evidence recall (the gold source among the evidence), freshness correctness (answered only from
sources inside the window, refused when there are none), abstention correctness both ways (refused
when expected, answered when expected), unsupported claims kept and wrong citations (counts).

Prints the table (or with --json the report), writes report.json and report.md to the output
directory, and exits 1 when a metric is below its threshold in test/eval/thresholds.json (or when
a case file is invalid). Runs in seconds, with no network: this is what CI runs ("npm run eval").

--live composes the drafts with a real model instead of the scripted ones: for each case whose
evidence passes the gate, the composer (lib/claims/compose.ts, the extension's prompt) writes over
the spans the extension would hand it, and the same code disposes of the draft. Claim expectations
do not apply to the model's drafts; modes, freshness, evidence recall, gold answers, coverage and the
share confirmed word for word are reported (no thresholds). It costs tokens and is not run in CI.
The model comes from the environment, as for "spanlight ask":
  SPANLIGHT_MODEL_BASE_URL   an OpenAI-compatible endpoint (required for --live)
  SPANLIGHT_MODEL_KEY        its key (none for local servers)
  SPANLIGHT_MODEL            the model's name (default gpt-4o-mini)

--calibration measures the verifier's and the fact-check's decision constants on every labelled dev
set (WiCE and ExpertQA pairs, ExpertQA's cited answers, Climate-FEVER claims and sentences, from
the data root's data/ or --data DIR) two ways: with the constants in force (fitted on all sets by
scripts/fit-constants.ts), and with constants fitted leaving the set measured out. A figure that
moves by more than 0.05 is marked; the command exits 1 when the constants in force are not what the
fit gives today. It reads every item once (about 6,000 readings) and takes a minute.

--judge runs the model judge's prompt and reply schema (lib/verdict/judge.ts) with a
label-answering judge (lib/eval/label-judge.ts: a test double of the model that answers the dev
labels, passage by passage), on Climate-FEVER's dev claims and sentences (the fact-check flow) and on
the labelled answers (the answering flow): what the code keeps of a good model's reading, and what
it lets through of a bad one, wrong on a seeded share of items (--wrong, default 0.2; --seed,
default 1), before and after the code's disposal. Exits 1 when a figure is outside its "labelJudge"
threshold. It reads about 4,000 sentences and takes about a minute.

Options:
  --json             print the report as JSON instead of the table
  --out DIR          where report.json and report.md go (default .tmp/eval; live: live-report.*)
  --cases PATH       a case directory or one case file (default test/eval/cases)
  --answers FILE     labelled answers (default the data root's data/verification/answers-dev.jsonl)
  --thresholds FILE  thresholds to hold the figures to (default test/eval/thresholds.json)
  --live             compose with the model in the environment (see above)
  --calibration      the decision constants' report (see above)
  --data DIR         the labelled data for --calibration and --judge (default the data root's data/)
  --judge            the label-answering judge's report (see above)
  --wrong SHARE      --judge: the bad judge's share of wrong answers (default 0.2)
  --seed N           --judge: the seed of its errors (default 1)
  -h, --help         this help`,

  async run(argv, io) {
    const { values, positionals } = parseFlags(argv, {
      json: { type: 'boolean', default: false },
      live: { type: 'boolean', default: false },
      calibration: { type: 'boolean', default: false },
      judge: { type: 'boolean', default: false },
      wrong: { type: 'string' },
      seed: { type: 'string' },
      data: { type: 'string' },
      out: { type: 'string' },
      cases: { type: 'string' },
      answers: { type: 'string' },
      thresholds: { type: 'string' },
    });
    if (positionals.length > 0) throw new UsageError(`unexpected argument "${positionals[0]}"`);
    if (values.judge) {
      if (values.live || values.calibration)
        throw new UsageError('--judge, --calibration and --live are separate reports: choose one');
      return runJudge(values, io);
    }
    if (values.wrong !== undefined || values.seed !== undefined) throw new UsageError('--wrong and --seed apply to --judge only');
    if (values.calibration) {
      if (values.live) throw new UsageError('--calibration and --live are separate reports: choose one');
      return runCalibration(values.data, values.json, io);
    }
    if (values.data !== undefined) throw new UsageError('--data applies to --calibration and --judge only');
    if (values.live && (values.answers !== undefined || values.thresholds !== undefined))
      throw new UsageError('--answers and --thresholds do not apply to --live (it composes over the frozen cases only)');
    const modelConfig = values.live ? liveModelConfig(io.env) : null;

    const [{ DEFAULT_PATHS, loadAnswers, loadCases, loadThresholds }, { runLive, runScripted }, report, data] = await Promise.all(
      [import('../../lib/eval/load'), import('../../lib/eval/run'), import('../../lib/eval/report'), import('../../data/root')],
    );
    const load = <T>(what: () => T): T => {
      try {
        return what();
      } catch (e) {
        throw new FailureError(e instanceof Error ? e.message : String(e));
      }
    };
    if (values.cases !== undefined) checkJsonFile(values.cases, '--cases', { required: true, directoryOk: true });
    if (values.answers !== undefined) checkJsonFile(values.answers, '--answers', { required: true });
    if (values.thresholds !== undefined) checkJsonFile(values.thresholds, '--thresholds', { required: true });
    const cases = load(() => loadCases(values.cases ?? DEFAULT_PATHS.cases));

    let result;
    if (modelConfig) {
      const { createOpenAiCompatibleModel } = await import('../../lib/model/openai-compatible');
      const model = createOpenAiCompatibleModel(modelConfig);
      io.err(`spanlight eval: composing ${cases.length} cases with ${model.name}…`);
      try {
        result = await runLive(cases, { model, onProgress: (line) => io.err(`spanlight eval: ${line}`), now: () => io.now() });
      } catch (e) {
        throw new FailureError(`the model failed: ${e instanceof Error ? e.message.split('\n')[0] : String(e)}`);
      }
    } else {
      const answersFile = values.answers ?? data.dataPath('data/verification/answers-dev.jsonl');
      const answers = load(() => loadAnswers(answersFile));
      if (!answers && values.answers !== undefined) throw new FailureError(`${answersFile}: no such file`);
      // Without the data at all the table says the part was skipped (and `npm run eval` says why, once).
      if (!answers && data.HAS_DATA) io.err(`spanlight eval: note: ${answersFile} not found: the answers-dev part is skipped`);
      result = runScripted(cases, { file: path.relative(process.cwd(), answersFile) || answersFile, answers }, () => io.now());
      const thresholdsFile = values.thresholds ?? DEFAULT_PATHS.thresholds;
      const thresholds = load(() => loadThresholds(thresholdsFile));
      result.thresholds = report.checkThresholds(
        result,
        thresholds,
        path.relative(process.cwd(), thresholdsFile) || thresholdsFile,
      );
    }

    const outDir = values.out ?? DEFAULT_PATHS.out;
    const stem = result.kind === 'live' ? 'live-report' : 'report';
    try {
      await mkdir(outDir, { recursive: true });
      await writeFile(path.join(outDir, `${stem}.json`), jsonText(result));
      await writeFile(path.join(outDir, `${stem}.md`), report.renderMarkdown(result));
    } catch (e) {
      throw new FailureError(`cannot write the report to ${outDir} (${(e as NodeJS.ErrnoException).code ?? String(e)})`);
    }
    await io.out(values.json ? jsonText(result) : report.renderTable(result));
    if (!values.json) io.err(`spanlight eval: reports written to ${path.join(outDir, `${stem}.{json,md}`)}`);

    const failed = result.thresholds ? report.thresholdFailures(result.thresholds) : [];
    if (failed.length > 0) {
      io.err(`spanlight eval: ${failed.length} metric${failed.length === 1 ? '' : 's'} below threshold: ${failed.join('; ')}`);
      return 1;
    }
    return 0;
  },
};
