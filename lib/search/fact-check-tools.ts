/**
 * Google Fact Check Tools API, `claims:search` (issue #26): the fact-checks its index holds for a
 * claim's text, an optional keyed source. Each review comes back in the shape the page reader gives
 * (ClaimReview), read through the same function, so both are shown alike.
 */
import { z } from 'zod';
import { ProviderError } from '../shared/provider-error';
import { failureOf } from '../shared/failure-text';
import type { FetchLike } from '../shared/fetch-like';
import { readReviewItem } from '../pages/claim-review';
import type { ClaimReview } from '../shared/claim-review-schema';
import { clampCount, endpointUrl, isWebUrl, requireKey } from './endpoint';
import { keepingErrorBody, requestJson } from './http';
import { optionalText, readResults } from './read-results';
import type { DroppedResult } from './provider';

const PROVIDER = 'Google Fact Check Tools';

/** The API's own address (Settings' default); tests and proxies set another. */
export { FACT_CHECK_TOOLS_BASE_URL } from '../settings';

/** Most claims asked for in one request (the API's default page is 10). */
const MAX_PAGE_SIZE = 50;

/** Where to reach the API and with which key. */
export interface FactCheckToolsConfig {
  apiKey: string;
  /** FACT_CHECK_TOOLS_BASE_URL, or a test server's. */
  baseUrl: string;
}

/** One `claims:search` request. */
export interface FactCheckQuery {
  /** The claim's text. */
  query: string;
  /** BCP-47 language of the claim ("en", "de-DE"); absent: every language. */
  languageCode?: string;
  /** Claims asked for (1–50; default 10). */
  pageSize?: number;
  /** The `nextPageToken` of an earlier reply, for the page after it. */
  pageToken?: string;
  fetch: FetchLike;
  timeoutMs: number;
}

/** A `claims:search` reply: its reviews as ClaimReviews, and the results set aside. */
export interface FactCheckToolsResult {
  /** Every usable review of every claim, in the API's order. */
  reviews: ClaimReview[];
  /** Claims (by position) or their reviews that were malformed, with the reason. */
  dropped: DroppedResult[];
  /** The token for the next page, when the API has more. */
  nextPageToken?: string;
}

// The documented reply: `claims` is absent when nothing matched.
const ReplySchema = z.object({
  claims: z.array(z.unknown()).optional(),
  nextPageToken: z.string().optional().catch(undefined),
});

const ClaimSchema = z.object({
  text: z.string(),
  claimant: optionalText,
  claimDate: optionalText,
  claimReview: z.array(z.unknown()),
});

const ReviewSchema = z.object({
  url: z.string().refine(isWebUrl, 'not an http(s) URL'),
  publisher: z.object({ name: optionalText, site: optionalText }).nullish().catch(null),
  title: optionalText,
  reviewDate: optionalText,
  textualRating: optionalText,
  languageCode: optionalText,
});

/** A review of the API as a ClaimReview, read (trimmed, capped, made text) like a page's markup. */
function toClaimReview(claim: z.infer<typeof ClaimSchema>, review: z.infer<typeof ReviewSchema>): ClaimReview | null {
  return readReviewItem(
    {
      '@type': 'ClaimReview',
      claimReviewed: claim.text,
      reviewRating: { alternateName: review.textualRating ?? undefined },
      author: review.publisher?.name ?? review.publisher?.site ?? undefined,
      datePublished: review.reviewDate ?? undefined,
      url: review.url,
      itemReviewed: { '@type': 'Claim', author: claim.claimant ?? undefined },
    },
    undefined,
    review.url,
  );
}

/** Google answers a bad key with 400 "API key not valid", a disabled API or a restricted key with 403. */
function refineFailure(e: unknown, errorBody: string): unknown {
  if (!(e instanceof ProviderError)) return e;
  const { status } = e.failure;
  if (status === 400 && /API key not valid|API_KEY_INVALID/i.test(errorBody))
    return new ProviderError(
      failureOf('search', 'fact-check-tools-key-rejected', { provider: PROVIDER }, { kind: 'auth', status }),
    );
  if (status === 403)
    return new ProviderError(
      failureOf('search', 'fact-check-tools-refused', { provider: PROVIDER }, { kind: 'forbidden', status }),
    );
  return e;
}

/** Reads each claim and each of its reviews on its own: a broken one is dropped, not the reply. */
function readClaims(rows: unknown[]): { reviews: ClaimReview[]; dropped: DroppedResult[] } {
  const { read, dropped } = readResults(PROVIDER, rows, ClaimSchema);
  const reviews: ClaimReview[] = [];
  for (const { position, value: claim } of read) {
    let kept = 0;
    claim.claimReview.forEach((row, i) => {
      const parsed = ReviewSchema.safeParse(row);
      const review = parsed.success ? toClaimReview(claim, parsed.data) : null;
      if (review) {
        reviews.push(review);
        kept++;
      } else
        dropped.push({
          position,
          reason: `review ${i + 1}: ${parsed.success ? 'neither claim text nor rating' : (parsed.error.issues[0]?.path.join('.') || 'the review') + ' is malformed or missing'}`,
        });
    });
    if (kept === 0 && claim.claimReview.length === 0) dropped.push({ position, reason: '`claimReview` is empty' });
  }
  return { reviews, dropped: dropped.sort((a, b) => a.position - b.position) };
}

/**
 * `GET {base}/v1alpha1/claims:search?query=…&languageCode=…&pageSize=…&key=…`: the reviews the
 * index holds for `query`. Failures are ProviderErrors worded from the catalogue (a bad key, a
 * refused key, quota, server down, a reply that is not the API's).
 */
export async function searchFactChecks(config: FactCheckToolsConfig, request: FactCheckQuery): Promise<FactCheckToolsResult> {
  const key = requireKey(PROVIDER, config.apiKey);
  const url = endpointUrl(PROVIDER, config.baseUrl, 'v1alpha1/claims:search');
  url.searchParams.set('query', request.query);
  if (request.languageCode) url.searchParams.set('languageCode', request.languageCode);
  url.searchParams.set('pageSize', String(clampCount(request.pageSize ?? 10, MAX_PAGE_SIZE)));
  if (request.pageToken) url.searchParams.set('pageToken', request.pageToken);
  url.searchParams.set('key', key);
  // Google says why it refused only in the body (a bad key comes as a 400).
  const kept = keepingErrorBody(request.fetch);
  const body = await requestJson(
    {
      provider: PROVIDER,
      place: 'Search',
      url: url.toString(),
      init: { headers: { Accept: 'application/json' } },
      timeoutMs: request.timeoutMs,
      fetch: kept.fetch,
    },
    ReplySchema,
  ).catch((e: unknown) => {
    throw refineFailure(e, kept.errorBody());
  });
  const { reviews, dropped } = readClaims(body.claims ?? []);
  return { reviews, dropped, ...(body.nextPageToken ? { nextPageToken: body.nextPageToken } : {}) };
}
