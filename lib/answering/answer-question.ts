import type { AnswerResult } from '../shared/types';
import type { ChatModel } from '../model/chat-model';
import type { PipelineDeps } from './deps';
import type { PipelineSettings } from '../run/pipeline-settings';
import { cost, TraceRecorder } from '../run/trace';
import { warningOf } from '../shared/failure-text';
import { routeQuestion } from '../planning/route';
import { registrableDomain } from '../pages/publisher';
import { addCitedSources } from '../evidence/follow-citations';
import { citationReader } from '../claims/read-citations';
import { decideMode } from '../verdict/cited-claims';
import { priorChecksFor } from '../claims/prior-checks';
import { planStage } from './plan-stage';
import { ungroundedReply } from './ungrounded-reply';
import { releasesStage } from './releases-stage';
import { searchProgress, searchStage } from './search-stage';
import { fetchStage } from './fetch-stage';
import { tabsStage } from './tabs-stage';
import { selectStage } from './select-stage';
import { gateReason, gateStage } from './gate-stage';
import { composeStage } from './compose-stage';
import { verifyStage } from './verify-stage';
import {
  abstainedAnswer,
  answeredAnswer,
  endedAnswer,
  noted,
  notSearchedAnswer,
  nothingFoundAnswer,
  unavailableAnswer,
  type AnswerRecord,
} from './answer-results';

/** A question that is not searched: the reply written without evidence, or the model's failure. */
async function unsearched(record: AnswerRecord, reason: string, model: ChatModel | null): Promise<AnswerResult> {
  const reply = await ungroundedReply(record.question, model, record.trace);
  return reply.ok ? notSearchedAnswer(record, reason, reply.value) : endedAnswer(record, reply.end);
}

/**
 * The pipeline, end to end: route → plan → search (and release sources) → fetch + extract → tabs →
 * passages → select → gate → compose → cite → verify (→ judge). Each stage is a function of its own
 * file that records itself in the trace and hands back its value and warnings, or the end of the
 * answer; every outcome is a result, never a throw.
 */
export async function answerQuestion(question: string, deps: PipelineDeps, settings: PipelineSettings): Promise<AnswerResult> {
  const trace = new TraceRecorder(deps.now);
  let record: AnswerRecord = {
    question,
    trace,
    searched: [question],
    warnings: (settings.missingKeys ?? []).map((provider) => warningOf('search', 'missing-key', { provider })),
    failures: [],
    conflicts: [],
    links: [],
  };
  const today = deps.now().toISOString().slice(0, 10);

  const route = routeQuestion(question);
  trace.add('route', { ok: true, summary: `${route.search ? 'search' : 'no search'}: ${route.reason}` });
  if (!route.search) return unsearched(record, route.reason, deps.model);

  deps.onProgress('planning', deps.model ? 'Planning the searches…' : 'Planning the searches (no model)…');
  const plan = await planStage(question, deps.model, today, settings.prices, trace, route);
  if (!plan.ok) return endedAnswer(record, plan.end);
  if (plan.value.source === 'model' && !plan.value.needsSearch && !plan.value.error)
    return unsearched(record, 'the planner judged that no web lookup is needed', deps.model);
  // A plan that wanted a search but produced no usable query is an error in the trace, and the
  // question is searched as written: never a silent ungrounded answer.
  const queries = plan.value.queries.length > 0 ? plan.value.queries : [question];
  const freshnessDays = plan.value.freshnessDays ?? settings.freshnessDays;
  record = { ...record, searched: queries };

  deps.onProgress('searching', searchProgress(queries.length, deps.providers.length));
  const releases = releasesStage(route.release?.subject, deps, settings, trace);
  const search = await searchStage(queries, freshnessDays, deps, settings, trace);
  const { hits, failures } = search.value;
  record = noted(record, search, { failures });
  const read = await fetchStage(question, queries, hits, deps, settings, trace, route);
  const released = await releases;
  record = noted(record, read);
  const pages = [...released, ...read.value];
  // The release sources are primary for the question they answer.
  const primaryDomains = [...settings.primaryDomains, ...released.map((p) => registrableDomain(p.url))];

  const tabPages = await tabsStage(deps.readTabs, trace);
  const links = [...hits, ...tabPages].map((h) => ({ url: h.url, title: h.title })).slice(0, 10);
  // A question that is a claim: the fact-checkers' reviews of it on the pages read, beside the answer.
  const reviews = [...pages, ...tabPages].flatMap((p) => p.claimReviews ?? []);
  const priorChecks = reviews.length > 0 ? priorChecksFor(question, [{ reviews, source: 'page' }]) : [];
  record = { ...record, links, ...(priorChecks.length > 0 ? { priorChecks } : {}) };
  if (failures.length === deps.providers.length && deps.providers.length > 0 && tabPages.length === 0)
    return unavailableAnswer(record, [], failures.map((f) => f.message).join(' '));

  const selection = await selectStage(
    { question, queries, pages: [...pages, ...tabPages], primaryDomains, freshnessDays, now: deps.now },
    settings,
    trace,
  );
  if (selection.spans.length === 0)
    return nothingFoundAnswer(record, { code: hits.length === 0 && tabPages.length === 0 ? 'no-results' : 'nothing-relevant' });

  // Keyless corroboration: the sources the selected passages' footnotes cite, when one publisher is all there is.
  // With a model judge, the model reads the cited pages' best passages; the code checks what it says.
  const reader = deps.model && settings.judge ? citationReader(deps.model) : undefined;
  const cited = await addCitedSources(
    selection.spans,
    [...pages, ...tabPages],
    deps.fetchPage,
    settings.minDomains,
    () => deps.onProgress('reading', 'Reading the sources the passages cite…'),
    reader,
  );
  if (cited.stage) {
    const { tokensIn, tokensOut } = cited.stage;
    const priced = tokensIn === undefined ? {} : { costUsd: cost(settings.prices, tokensIn, tokensOut ?? 0) };
    trace.add('citations', { ...cited.stage, ...priced });
  }

  const { minDomains, requirePrimary } = settings;
  const gateSettings = {
    minDomains,
    requirePrimary,
    primaryDomains,
    ...(freshnessDays === undefined ? {} : { freshnessDays }),
    now: deps.now(),
  };
  const gated = gateStage(question, cited.spans, gateSettings, trace);
  record = noted(record, gated, { conflicts: gated.value.conflicts, gate: gated.value.gate });
  if (!gated.value.gate.passed) return abstainedAnswer(record, gateReason(gated.value), cited.spans);

  deps.onProgress('composing', deps.model ? `Composing with ${deps.model.name}…` : 'Composing from the best sentences…');
  const composed = await composeStage(question, gated.value, today, deps, settings.prices, trace);
  record = noted(record, composed);
  if (!composed.ok) return endedAnswer(record, composed.end);
  const { parsed, evidence, unsupported } = composed.value;

  deps.onProgress('verifying', `Checking ${parsed.claims.length} claims against their passages…`);
  const judge = { model: deps.model, enabled: settings.judge, prices: settings.prices };
  const verified = await verifyStage(parsed, evidence, gated.value.texts, judge, trace);
  record = noted(record, verified);
  const claims = verified.value;
  const mode = decideMode(claims, unsupported);
  if (mode === 'abstained') return abstainedAnswer(record, { code: 'no-claim-supported' }, evidence);
  return answeredAnswer(record, mode, evidence, claims, unsupported);
}
