import type { EvidenceSpan } from '../shared/types';
import type { FetchOutcome } from '../pages/fetch-page';
import { samePage } from '../pages/footnotes';
import { choosePassage, joinPassages, type PassageChoice, type PassageWindow } from '../evidence/corroborate';
import {
  candidateWindows,
  MIN_SUPPORT,
  readCandidates,
  type CitationAsk,
  type CitationReading,
} from '../evidence/follow-citations';
import { decideSpan, readSpan } from '../verdict/code-verdict';
import { DECISION_CONSTANTS } from '../verdict/constants';
import type { OwnSource } from '../shared/checked-claims';
import type { ChatModel } from '../model/chat-model';
import { citationReader } from '../claims/read-citations';
import { JUDGE_BATCH } from '../verdict/judge';
import { ownSourcesOf, withoutAttribution, type LinkedText, type OwnSourceLink } from './own-sources';

/** What a claim's own source was found to say of it. */
export type OwnReading = 'states' | 'contradicts' | 'silent' | 'unread';

/** One own source read: the reading, the passage shown for it (no span id yet), and why. */
export interface OwnSourceRead extends OwnSourceLink {
  reading: OwnReading;
  passage?: Omit<EvidenceSpan, 'spanId'>;
  reason: string;
}

/** Windows of an own source read for a passage that says otherwise: the best few, not the whole page. */
const AGAINST_WINDOWS = 3;

/** A page read for a claim, before a model reader (if any) has read its best window. */
export interface OwnSourcePage {
  link: OwnSourceLink;
  /** The claim as the source is read for it (withoutAttribution). */
  statement: string;
  choice: PassageChoice;
  page: Extract<FetchOutcome, { ok: true }>['extraction']['page'];
  /** What the code decided on its own. */
  byCode: OwnSourceRead;
  /** The windows a model reader may be shown (READ_FLOOR and up), best first. */
  candidates: PassageWindow[];
}

function passageOf(p: OwnSourcePage, w: Pick<PassageWindow, 'first' | 'last'>, score: number): Omit<EvidenceSpan, 'spanId'> {
  return { ...joinPassages(p.page, p.choice.passages, w), score: Math.round(score * 1000) / 1000 };
}

/**
 * The code's reading of a claim's own source, with the same matching as the footnotes of keyless
 * corroboration (follow-citations.ts): a passage the code surely reads as saying otherwise (another
 * value of the same quantity, another date of the same event, the opposite) among the best few →
 * "contradicts"; else the best passage grown by its neighbours, at or above MIN_SUPPORT → "states";
 * else "silent". A page that could not be read is "unread", with why.
 */
export function readOwnSource(
  sentence: string,
  link: OwnSourceLink,
  outcome: FetchOutcome,
  pageUrl: string,
): OwnSourcePage | OwnSourceRead {
  const claim = withoutAttribution(sentence);
  if (!outcome.ok) return { ...link, reading: 'unread', reason: outcome.reason };
  const page = outcome.extraction.page;
  if (samePage(page.url, pageUrl)) return { ...link, reading: 'unread', reason: 'it leads back to the checked page' };
  const choice = choosePassage(claim, page);
  const base = { link, statement: claim, choice, page, candidates: readCandidates(choice) };
  const order = candidateWindows(choice, AGAINST_WINDOWS);
  const draft = { ...base, byCode: { ...link, reading: 'silent' as OwnReading, reason: '' } };
  for (const w of order) {
    const passage = passageOf(draft, w, w.score);
    const decided = decideSpan(readSpan(claim, passage.text, { titles: [page.title], urls: [page.url] }), DECISION_CONSTANTS);
    if (decided.side === 'against')
      return { ...draft, byCode: { ...link, reading: 'contradicts', passage, reason: decided.reason ?? 'says otherwise' } };
  }
  if (choice.best >= 0 && choice.score >= MIN_SUPPORT)
    return {
      ...draft,
      byCode: {
        ...link,
        reading: 'states',
        passage: passageOf(draft, choice.window(choice.best), choice.score),
        reason: `states it (${choice.score.toFixed(2)})`,
      },
    };
  return {
    ...draft,
    byCode: { ...link, reading: 'silent', reason: `no passage states it (best ${choice.score.toFixed(2)} < ${MIN_SUPPORT})` },
  };
}

/** What a model reader is asked of a page: does its best window state the claim. */
export function askOf(p: OwnSourcePage): CitationAsk {
  return {
    statement: p.statement,
    passages: p.candidates.map((w, j) => ({ id: `C${j + 1}`, text: joinPassages(p.page, p.choice.passages, w).text })),
  };
}

/**
 * The reading once a model reader has read the page (`ids`: the candidates it found stating the
 * claim; undefined when it read nothing): a passage the code reads as saying otherwise stays so;
 * else the reader's finding decides; a page it did not read keeps the code's reading.
 */
export function settleOwnSource(p: OwnSourcePage, ids: string[] | undefined): OwnSourceRead {
  if (ids === undefined || p.byCode.reading === 'contradicts') return p.byCode;
  const k = p.candidates.findIndex((_, j) => ids.includes(`C${j + 1}`));
  if (k < 0) return { ...p.link, reading: 'silent', reason: 'the model found no passage stating it' };
  const w = p.candidates[k]!;
  return {
    ...p.link,
    reading: 'states',
    passage: passageOf(p, w, w.score),
    reason: `states it (the model read it so; score ${w.score.toFixed(2)})`,
  };
}

/**
 * A check's reads of its claims' own sources: each through the check's page reads (each page once,
 * under its fetch limit, at the claim's priority), at most `allowance` in rank order; read
 * by the code, then, with a model reader, put to it JUDGE_BATCH at a time (fewer only once every own
 * source is in), as the judge's batches are.
 */
export class OwnSourceReads {
  /** Own-source pages taken and not read yet: while there are some, a batch short of JUDGE_BATCH waits. */
  private pending = 0;
  private asks: Array<{ page: OwnSourcePage; done: (r: OwnSourceRead) => void }> = [];
  /** Every own source read, by claim index. */
  readonly read = new Map<number, OwnSourceRead[]>();
  /** What the model reader said, batch by batch (for the trace and its cost). */
  readonly readings: CitationReading[] = [];

  constructor(
    private readonly readPage: (url: string, priority: number) => Promise<FetchOutcome>,
    private readonly checked: { text?: string | undefined; pageUrl: string } & Partial<Pick<LinkedText, 'links' | 'citations'>>,
    private readonly reader: ChatModel | null,
    /** Own sources this check may still read (Settings → Budgets; 0 reads none). */
    private allowance: number,
  ) {}

  /**
   * The own sources of the claim of rank index `i`, taken from the allowance now (call in rank
   * order), read once `after` (its search) is over: beside its evidence pages, at its priority, not
   * ahead of higher-ranked claims' pages. How many were taken, and what each says once read.
   */
  start(
    claim: { text: string; start: number; end: number },
    i: number,
    after: Promise<unknown>,
  ): { taken: number; read: Promise<OwnSourceRead[]> } {
    const { text, pageUrl: url, links, citations } = this.checked;
    if (text === undefined || this.allowance <= 0) return { taken: 0, read: Promise.resolve([]) };
    const found = ownSourcesOf(claim, { text, url, links, citations }).slice(0, this.allowance);
    this.allowance -= found.length;
    this.pending += found.length;
    const over = after.then(
      () => undefined,
      () => undefined,
    );
    const read = over
      .then(() => Promise.all(found.map((link) => this.readOne(claim.text, link, i))))
      .then((read) => {
        if (read.length > 0) this.read.set(i, read);
        return read;
      });
    return { taken: found.length, read };
  }

  private async readOne(claim: string, link: OwnSourceLink, i: number): Promise<OwnSourceRead> {
    let outcome: FetchOutcome;
    try {
      outcome = await this.readPage(link.url, i);
    } catch {
      outcome = { ok: false, url: link.url, reason: 'the check was stopped first' };
    }
    this.pending--;
    const read = readOwnSource(claim, link, outcome, this.checked.pageUrl);
    if (!('choice' in read) || !this.reader || read.candidates.length === 0) {
      this.askReader();
      return 'choice' in read ? read.byCode : read;
    }
    const settled = new Promise<OwnSourceRead>((done) => this.asks.push({ page: read, done }));
    this.askReader();
    return settled;
  }

  /** Puts the waiting pages to the model reader; a reader that fails leaves each to the code's reading. */
  private askReader() {
    while (this.reader && (this.asks.length >= JUDGE_BATCH || (this.asks.length > 0 && this.pending === 0))) {
      const batch = this.asks.splice(0, JUDGE_BATCH);
      citationReader(this.reader)(batch.map((b) => askOf(b.page))).then(
        (reading) => {
          this.readings.push(reading);
          batch.forEach((b, k) => b.done(settleOwnSource(b.page, reading.supporting.get(k))));
        },
        () => batch.forEach((b) => b.done(b.page.byCode)),
      );
    }
  }
}

/** A claim's own sources as stored, their passages numbered as the check's spans (`nextId`). */
export function ownSpans(
  read: OwnSourceRead[],
  nextId: () => string,
): { spans: EvidenceSpan[]; records: { ownSources?: OwnSource[] } } {
  const spans: EvidenceSpan[] = [];
  const records = read.map((r): OwnSource => {
    const record: OwnSource = { url: r.url, via: r.via, reading: r.reading, reason: r.reason };
    if (!r.passage) return record;
    const spanId = nextId();
    spans.push({ ...r.passage, spanId });
    return { ...record, spanId };
  });
  return { spans, records: records.length > 0 ? { ownSources: records } : {} };
}

/** A claim whose own sources are in, or will not be (a stop): no longer marked as having them read. */
export function ownSourcesOver<C extends { ownSourcesReading?: number | undefined }>(claim: C): C {
  if (claim.ownSourcesReading === undefined) return claim;
  const rest = { ...claim };
  delete rest.ownSourcesReading;
  return rest;
}
