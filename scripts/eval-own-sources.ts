/**
 * A claim's own source (issue #38) measured on WiCE dev (data/corroboration/wice-dev.jsonl in the
 * data root, see its NOTICE.md): each Wikipedia sentence is put in a page of its own, its last words
 * a link to the cited article, both served on 127.0.0.1; the page is read as the extension reads it
 * (fetchPage, extractPage) and fact-checked, the sentence as its claim, with a real SearXNG adapter
 * whose fake finds nothing, so only the claim's own source can say anything. Three figures, as the
 * keyless corroboration's (scripts/eval-corroboration.ts) on the same rows: supported sentences whose
 * own source `states` them with a passage holding a supporting sentence; passages accepted holding
 * none; unsupported sentences given `states`. By the code alone, and with the label-answering reader
 * (lib/eval/label-judge.ts through the real judge prompt), right and wrong on 20% (seeds 1–5).
 *
 *   npx tsx scripts/eval-own-sources.ts [--check] [--limit N]
 *
 * --check (what `npm run eval` runs) exits 1 below ACCEPT, and leaves out the wrong reader (five
 * more passes); --wrong lists the supported rows the keyless corroboration and the own source
 * decide differently.
 */
import { readFileSync } from 'node:fs';
import { dataPath, needData } from '../data/root';
import { factCheck } from '../lib/factcheck/fact-check';
import type { FactCheckDeps } from '../lib/factcheck/deps';
import { fetchPage } from '../lib/pages/fetch-page';
import { parseHtmlWithLinkedom } from '../lib/pages/parse-html';
import { createSearxngProvider } from '../lib/search/searxng';
import { labelJudge, type PassageLabel } from '../lib/eval/label-judge';
import { corroborationReport, readRow, type WiceRow } from '../lib/eval/corroboration';
import { MIN_SUPPORT } from '../lib/evidence/follow-citations';
import type { ChatModel } from '../lib/model/chat-model';
import type { OwnSource } from '../lib/shared/checked-claims';
import type { EvidenceSpan } from '../lib/shared/types';
import { startFakeServer } from '../test/fakes/http-server';
import { serveSearxng } from '../test/fakes/search-servers';
import { FIT_SEEDS, FIT_WRONG_SHARE } from '../lib/eval/corroboration';

needData('scripts/eval-own-sources.ts');
const FILE = dataPath('data/corroboration/wice-dev.jsonl');
/**
 * Issue #38's acceptance: at least the keyless corroboration's figures as the issue measured them on
 * these rows (0.59 by the code alone, 0.83 with the label-answering reader), at most 0.03 of the
 * passages accepted holding no supporting sentence and 0.05 of the unsupported sentences given one.
 */
const ACCEPT = { code: 0.59, reader: 0.83, acceptedWrong: 0.03, unsupportedGiven: 0.05 };
const args = process.argv.slice(2);
const limitAt = args.indexOf('--limit');
const LIMIT = limitAt >= 0 ? Number(args[limitAt + 1]) : Infinity;
const NOW = new Date('2026-12-01T00:00:00Z');

const rows: WiceRow[] = readFileSync(FILE, 'utf8')
  .split('\n')
  .filter((l) => l.trim())
  .map((l) => JSON.parse(l) as WiceRow)
  .slice(0, LIMIT);
const byId = new Map(rows.map((r) => [r.id, r]));

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const norm = (s: string) => s.normalize('NFC').replace(/\s+/g, ' ').trim().toLowerCase();

/** The citing page: a heading, a line of context, and the sentence, its last four words the link. */
function citingHtml(row: WiceRow, origin: string): string {
  const words = row.claim.split(' ');
  const cut = Math.max(1, words.length - 4);
  const head = escapeHtml(words.slice(0, cut).join(' '));
  const tail = escapeHtml(words.slice(cut).join(' '));
  return `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(row.wikipedia_title)}</title></head><body><main><article><h1>${escapeHtml(row.wikipedia_title)}</h1><p>${head} <a href="${origin}/cited/${row.id}">${tail}</a></p></article></main></body></html>`;
}

/** The cited article: its sentences, one paragraph each, the first its title. */
function citedHtml(row: WiceRow): string {
  const body = row.sentences.map((s) => `<p>${escapeHtml(s)}</p>`).join('\n');
  return `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(row.sentences[0] ?? '')}</title></head><body><article>${body}</article></body></html>`;
}

/** Whether a passage holds one of the row's supporting sentences. */
function holds(row: WiceRow, passage: string): boolean {
  const p = norm(passage);
  return row.supporting.flat().some((i) => {
    const s = norm(row.sentences[i] ?? '');
    return s.length > 0 && p.includes(s);
  });
}

const site = await startFakeServer((req, res) => {
  const m = /^\/(page|cited)\/([\w-]+)$/.exec(req.url);
  const row = m ? byId.get(m[2]!) : undefined;
  if (!m || !row) {
    res.writeHead(404, { 'content-type': 'text/html' }).end('<title>Not found</title>');
    return;
  }
  res
    .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
    .end(m[1] === 'page' ? citingHtml(row, site.origin) : citedHtml(row));
});
const searx = await serveSearxng({ body: { results: [] } });

interface RowResult {
  row: WiceRow;
  own: OwnSource | undefined;
  passage: EvidenceSpan | undefined;
  found: boolean;
}

/** Reads the row's page and fact-checks its sentence; what its own source was found to say. */
async function checkRow(row: WiceRow, model: ChatModel | null): Promise<RowResult> {
  const read = (url: string, hooks?: { onFetched?: () => void }) =>
    fetchPage(url, {
      fetch,
      parseHtml: parseHtmlWithLinkedom,
      allowPrivateNetwork: true,
      now: () => NOW,
      ...(hooks?.onFetched ? { onFetched: hooks.onFetched } : {}),
    });
  const pageUrl = `${site.origin}/page/${row.id}`;
  const outcome = await read(pageUrl);
  if (!outcome.ok) throw new Error(`the citing page of ${row.id} was not read: ${outcome.reason}`);
  const page = outcome.extraction.page;
  // The text keeps a no-break space as it is; the sentence is found with every space evened out.
  const sentence = row.claim.replace(/\s+/g, ' ').trim();
  const start = page.text.replace(/\s/g, ' ').indexOf(sentence);
  if (start < 0) return { row, own: undefined, passage: undefined, found: false };
  const end = start + sentence.length;
  const deps: FactCheckDeps = {
    now: () => NOW,
    fetch,
    providers: [createSearxngProvider({ baseUrl: searx.baseUrl })],
    fetchPage: read,
    model,
    onProgress: () => undefined,
  };
  const result = await factCheck(
    {
      text: page.text,
      pageUrl: page.url,
      title: page.title,
      budget: 1,
      judge: model !== null,
      claims: [{ text: row.claim, sentence: page.text.slice(start, end), start, end, rank: 1, worth: 1 }],
      links: page.links,
      citations: page.citations,
    },
    deps,
  );
  const own = result.claims[0]?.ownSources?.[0];
  const passage = own?.spanId ? result.evidence.find((e) => e.spanId === own.spanId) : undefined;
  return { row, own, passage, found: true };
}

/** The labels as a reader of citations would give them (as corroborationLabels does): supports when a supported sentence's passage holds a supporting sentence. */
function labelsOf(): { label(claim: string, passage: string): PassageLabel | undefined } {
  const byClaim = new Map(rows.map((r) => [norm(r.claim), r]));
  return {
    label(claim, passage) {
      const row = byClaim.get(norm(claim));
      if (!row) return undefined;
      return row.label === 'supported' && holds(row, passage) ? 'supports' : 'neither';
    },
  };
}

interface Figures {
  results: RowResult[];
  supportedFound: number;
  acceptedWrong: number;
  unsupportedGiven: number;
  readings: Record<string, number>;
  missing: number;
}

async function measure(model: ChatModel | null): Promise<Figures> {
  const results: RowResult[] = [];
  // A few rows at a time: each is one page read and one check.
  for (let i = 0; i < rows.length; i += 4)
    results.push(...(await Promise.all(rows.slice(i, i + 4).map((r) => checkRow(r, model)))));
  const states = results.filter((r) => r.own?.reading === 'states' && r.passage);
  const holding = (r: RowResult) => holds(r.row, r.passage!.text);
  const supported = results.filter((r) => r.row.label === 'supported');
  const unsupported = results.filter((r) => r.row.label === 'not_supported');
  const share = (a: number, b: number) => (b === 0 ? 0 : a / b);
  const readings: Record<string, number> = {};
  for (const r of results) readings[r.own?.reading ?? 'none'] = (readings[r.own?.reading ?? 'none'] ?? 0) + 1;
  return {
    results,
    supportedFound: share(supported.filter((r) => states.includes(r) && holding(r)).length, supported.length),
    acceptedWrong: share(states.filter((r) => !holding(r)).length, states.length),
    unsupportedGiven: share(unsupported.filter((r) => states.includes(r)).length, unsupported.length),
    readings,
    missing: results.filter((r) => !r.found).length,
  };
}

const f = (x: number) => x.toFixed(3);
const line = (name: string, x: Figures) =>
  `${name.padEnd(44)} supported states ${f(x.supportedFound)} · accepted wrong ${f(x.acceptedWrong)} · unsupported given ${f(x.unsupportedGiven)} · ${Object.entries(
    x.readings,
  )
    .map(([k, n]) => `${k} ${n}`)
    .join(', ')}${x.missing ? ` · ${x.missing} sentences not found in their page` : ''}`;

const started = performance.now();
try {
  const keyless = corroborationReport(rows.map(readRow), MIN_SUPPORT).all;
  const code = await measure(null);
  const good = await measure(labelJudge(labelsOf()));
  const wrong: Figures[] = [];
  if (!args.includes('--check'))
    for (const seed of FIT_SEEDS) wrong.push(await measure(labelJudge(labelsOf(), { wrongShare: FIT_WRONG_SHARE, seed })));
  const mean = (k: 'supportedFound' | 'acceptedWrong' | 'unsupportedGiven') => wrong.reduce((a, x) => a + x[k], 0) / wrong.length;
  console.log(
    `WiCE dev, ${rows.length} sentences (${rows.filter((r) => r.label === 'supported').length} supported, ${rows.filter((r) => r.label === 'not_supported').length} unsupported), each a page linking to its cited article; search finds nothing`,
  );
  console.log(
    `keyless corroboration on the same rows (code alone, MIN_SUPPORT ${MIN_SUPPORT}): supported ${f(keyless.supportedFound)} · accepted wrong ${f(keyless.acceptedWrong)} · unsupported given ${f(keyless.unsupportedGiven)}`,
  );
  console.log(line('own source, code alone', code));
  console.log(line('own source, label-answering reader', good));
  if (wrong.length > 0)
    console.log(
      `${'own source, reader wrong on 20% (mean of 5)'.padEnd(44)} supported states ${f(mean('supportedFound'))} · accepted wrong ${f(mean('acceptedWrong'))} · unsupported given ${f(mean('unsupportedGiven'))}`,
    );
  if (args.includes('--wrong')) {
    // The rows the keyless corroboration gets right and the own-source reading does not, with what it read.
    const keyRows = new Map(rows.map((r) => [r.id, readRow(r)]));
    for (const r of code.results) {
      const k = keyRows.get(r.row.id)!;
      const keyOk = k.score >= MIN_SUPPORT && k.holds;
      const ownOk = r.own?.reading === 'states' && r.passage !== undefined && holds(r.row, r.passage.text);
      if (r.row.label === 'supported' && keyOk !== ownOk)
        console.log(
          `${r.row.id} keyless ${keyOk ? 'holds' : 'misses'} (${k.score.toFixed(2)}), own source ${r.own?.reading ?? 'none'}: ${r.own?.reason ?? ''}`,
        );
    }
  }
  console.log(`(${((performance.now() - started) / 1000).toFixed(1)} s)`);
  if (args.includes('--check')) {
    const fails: string[] = [];
    if (code.supportedFound < ACCEPT.code) fails.push(`code alone: supported states ${f(code.supportedFound)} < ${ACCEPT.code}`);
    if (good.supportedFound < ACCEPT.reader)
      fails.push(`label reader: supported states ${f(good.supportedFound)} < ${ACCEPT.reader}`);
    for (const [name, x] of [
      ['code alone', code],
      ['label reader', good],
    ] as const) {
      if (x.acceptedWrong > ACCEPT.acceptedWrong)
        fails.push(`${name}: accepted wrong ${f(x.acceptedWrong)} > ${ACCEPT.acceptedWrong}`);
      if (x.unsupportedGiven > ACCEPT.unsupportedGiven)
        fails.push(`${name}: unsupported given ${f(x.unsupportedGiven)} > ${ACCEPT.unsupportedGiven}`);
      if (x.missing > 0) fails.push(`${name}: ${x.missing} sentences not found in their page`);
    }
    if (fails.length > 0) {
      console.error(`own sources: below acceptance:\n  ${fails.join('\n  ')}`);
      process.exitCode = 1;
    } else console.log('own sources: acceptance holds');
  }
} finally {
  await Promise.all([site.close(), searx.close()]);
}
