/**
 * schema.org ClaimReview markup read from a page: the ratings fact-checkers publish on their articles
 * (issue #26). JSON-LD (a script's object, a top-level array, `@graph`, a review nested as another
 * item's `review`, `@id` references) and microdata (`itemscope` / `itemtype` / `itemprop`) are turned
 * into one JSON-LD-like shape, then read by one function. Everything read is text to render as text.
 */
import { toPlainText } from '../text/plain-text';
import { parseJsonLd } from '../dates/dates-markup';
import {
  ClaimReviewSchema,
  MAX_APPEARANCES,
  MAX_CLAIM_CHARS,
  MAX_LABEL_CHARS,
  MAX_REVIEWS,
  MAX_URL_CHARS,
  type ClaimReview,
} from '../shared/claim-review-schema';

export { ClaimReviewSchema, type ClaimReview } from '../shared/claim-review-schema';

/** The parts of a document the reader uses (the DOM's, linkedom's). */
export type ReviewDocument = Pick<Document, 'querySelectorAll'>;

/** An item as JSON-LD writes it; microdata items are built in the same shape (values as arrays). */
type Item = Record<string, unknown>;

/** Nodes of one page's JSON-LD walked at most: a hostile script may hold millions. */
const MAX_NODES = 20_000;
/** Values of one property read at most (a huge `appearance` array). */
const MAX_VALUES = 100;
/** Characters of a raw string looked at before it becomes text (the rest could only be cut). */
const MAX_RAW_CHARS = 20_000;
/** Elements of one microdata item walked at most. */
const MAX_MICRODATA_ELEMENTS = 5_000;
/** Nesting of microdata items read (review → claim → appearance → its author). */
const MAX_MICRODATA_DEPTH = 4;

const isItem = (v: unknown): v is Item => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A value as a list: an array's first MAX_VALUES entries, or the value alone. */
function list(v: unknown): unknown[] {
  if (v === undefined || v === null) return [];
  return Array.isArray(v) ? v.slice(0, MAX_VALUES) : [v];
}

/** The schema.org type names of an item ("https://schema.org/ClaimReview" → "ClaimReview"). */
function typesOf(item: Item): string[] {
  return list(item['@type'])
    .filter((t): t is string => typeof t === 'string')
    .flatMap((t) => t.split(/\s+/))
    .map((t) => t.replace(/^(?:https?:\/\/(?:www\.)?schema\.org\/|schema:)/i, ''));
}

/** Text cut to `max` characters, an ellipsis marking the cut. */
function cut(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}

/** A string or number as plain text (markup removed, entities decoded, spaces collapsed), or undefined. */
function textOf(v: unknown, max = MAX_LABEL_CHARS): string | undefined {
  const x = list(v)[0];
  if (typeof x === 'number' && Number.isFinite(x)) return String(x);
  if (isItem(x) && '@value' in x) return textOf(x['@value'], max);
  if (typeof x !== 'string') return undefined;
  const text = toPlainText(x.slice(0, MAX_RAW_CHARS));
  return text ? cut(text, max) : undefined;
}

/** A number, or a string that is one ("4", "2.5", "2,5"). */
function numberOf(v: unknown): number | undefined {
  const x = list(v)[0];
  const value = isItem(x) && '@value' in x ? x['@value'] : x;
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value !== 'string' || !/^\s*-?\d{1,9}(?:[.,]\d{1,6})?\s*$/.test(value)) return undefined;
  return Number(value.trim().replace(',', '.'));
}

/** An absolute http(s) URL from a string, or from an item's `url` / `@id`, resolved against `base`. */
function urlOf(v: unknown, base: string): string | undefined {
  const x = list(v)[0];
  const raw = isItem(x) ? (list(x.url)[0] ?? x['@id']) : x;
  if (typeof raw !== 'string' || raw.length > MAX_URL_CHARS) return undefined;
  try {
    const url = new URL(raw.trim(), base);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
    return url.href.length <= MAX_URL_CHARS ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** Resolves items by `@id` ({"@id": "#claim"} → the item that states it). */
type Deref = (v: unknown) => unknown;

/** The name of a person or organisation: a string, or an item's `name` (else `legalName`, `alternateName`). */
function nameOf(v: unknown, deref: Deref): string | undefined {
  for (const x of list(v).slice(0, 5).map(deref)) {
    const name = isItem(x) ? (textOf(x.name) ?? textOf(x.legalName) ?? textOf(x.alternateName)) : textOf(x);
    if (name) return name;
  }
  return undefined;
}

/** The rating as written, and its numbers. */
function ratingOf(node: unknown): Pick<ClaimReview, 'rating' | 'ratingValue' | 'bestRating' | 'worstRating'> {
  if (!isItem(node)) return { rating: textOf(node) };
  const ratingValue = numberOf(node.ratingValue);
  const bestRating = numberOf(node.bestRating);
  const worstRating = numberOf(node.worstRating);
  const numbers =
    ratingValue === undefined
      ? textOf(node.ratingValue)
      : bestRating === undefined
        ? String(ratingValue)
        : `${ratingValue}/${bestRating}`;
  return { rating: textOf(node.alternateName) ?? textOf(node.name) ?? numbers, ratingValue, bestRating, worstRating };
}

/** The distinct web addresses where the reviewed claim appeared. */
function appearancesOf(claim: Item | undefined, base: string, deref: Deref): string[] | undefined {
  if (!claim) return undefined;
  const urls = [...list(claim.firstAppearance), ...list(claim.appearance)]
    .map((a) => urlOf(deref(a), base))
    .filter((u): u is string => u !== undefined);
  const distinct = [...new Set(urls)].slice(0, MAX_APPEARANCES);
  return distinct.length > 0 ? distinct : undefined;
}

/**
 * One ClaimReview item as a validated ClaimReview, or null when it has neither claim text nor a
 * rating (nothing to show). `parent` is the item it is the `review` of, which is the reviewed claim
 * when the review names none.
 */
export function readReviewItem(item: Item, parent: Item | undefined, base: string, deref: Deref = (v) => v): ClaimReview | null {
  const reviewed = deref(list(item.itemReviewed)[0]);
  const claim = isItem(reviewed) ? reviewed : parent && typesOf(parent).includes('Claim') ? parent : undefined;
  const claimText = claim
    ? (textOf(claim.text, MAX_CLAIM_CHARS) ??
      (typesOf(claim).includes('Claim') ? textOf(claim.name, MAX_CLAIM_CHARS) : undefined))
    : undefined;
  const fields: ClaimReview = {
    claimReviewed: textOf(item.claimReviewed, MAX_CLAIM_CHARS) ?? claimText,
    ...ratingOf(deref(list(item.reviewRating)[0])),
    author: nameOf(item.author, deref) ?? nameOf(item.publisher, deref),
    datePublished: textOf(item.datePublished),
    url: urlOf(item.url, base),
    claimAuthor: claim ? nameOf(claim.author, deref) : undefined,
    appearances: appearancesOf(claim, base, deref),
  };
  if (!fields.claimReviewed && !fields.rating) return null;
  const defined = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
  const parsed = ClaimReviewSchema.safeParse(defined);
  return parsed.success ? parsed.data : null;
}

/** Every ClaimReview item in the page's JSON-LD scripts, with the item each is nested in. */
function jsonLdReviews(doc: ReviewDocument, base: string): ClaimReview[] {
  const scripts = doc.querySelectorAll('script[type="application/ld+json" i]');
  const roots: unknown[] = [];
  for (let i = 0; i < scripts.length; i++) {
    const data = parseJsonLd(scripts[i]!.textContent ?? '');
    if (data !== undefined) roots.push(data);
  }
  const byId = new Map<string, Item>();
  const found: Array<[Item, Item | undefined]> = [];
  const stack: Array<[unknown, Item | undefined]> = roots.map((r): [unknown, undefined] => [r, undefined]).reverse();
  let seen = 0;
  while (stack.length > 0 && seen++ < MAX_NODES) {
    const [node, parent] = stack.pop()!;
    if (Array.isArray(node)) {
      for (let k = node.length - 1; k >= 0; k--) stack.push([node[k], parent]);
      continue;
    }
    if (!isItem(node)) continue;
    const id = node['@id'];
    if (typeof id === 'string' && Object.keys(node).some((k) => k !== '@id' && k !== '@type') && !byId.has(id))
      byId.set(id, node);
    if (typesOf(node).includes('ClaimReview')) found.push([node, parent]);
    // An item's children have it as parent; a @graph's members have none.
    const values = Object.entries(node);
    for (let k = values.length - 1; k >= 0; k--) {
      const [key, v] = values[k]!;
      if (v && typeof v === 'object') stack.push([v, key === '@graph' ? undefined : node]);
    }
  }
  const deref: Deref = (v) => {
    if (!isItem(v) || typeof v['@id'] !== 'string') return v;
    const onlyRef = Object.keys(v).every((k) => k === '@id' || k === '@type');
    return onlyRef ? (byId.get(v['@id']) ?? v) : v;
  };
  return found.map(([item, parent]) => readReviewItem(item, parent, base, deref)).filter((r): r is ClaimReview => r !== null);
}

/** A microdata property's value (the HTML microdata rules: content, href, src, datetime, value, else text). */
function microdataValue(el: Element): string {
  const tag = el.tagName.toLowerCase();
  const attr = (name: string) => el.getAttribute(name) ?? '';
  if (tag === 'meta') return attr('content');
  if (tag === 'a' || tag === 'link' || tag === 'area') return attr('href');
  if (['img', 'audio', 'video', 'source', 'iframe', 'embed', 'track'].includes(tag)) return attr('src');
  if (tag === 'object') return attr('data');
  if (tag === 'time' && el.hasAttribute('datetime')) return attr('datetime');
  if ((tag === 'data' || tag === 'meter') && el.hasAttribute('value')) return attr('value');
  return (el.textContent ?? '').slice(0, MAX_RAW_CHARS);
}

/** A microdata item (`itemscope`) in JSON-LD's shape: `@type` from `itemtype`, each itemprop a list. */
function microdataItem(scope: Element, depth: number, budget: { left: number }): Item {
  const item: Item = { '@type': (scope.getAttribute('itemtype') ?? '').split(/\s+/).filter(Boolean) };
  const add = (name: string, value: unknown) => {
    const values = (item[name] ??= []) as unknown[];
    if (values.length < MAX_VALUES) values.push(value);
  };
  const stack: Element[] = Array.from(scope.children).reverse();
  while (stack.length > 0 && budget.left-- > 0) {
    const el = stack.pop()!;
    const props = (el.getAttribute('itemprop') ?? '').split(/\s+/).filter(Boolean);
    const nested = el.hasAttribute('itemscope');
    if (props.length > 0) {
      const value = nested
        ? depth < MAX_MICRODATA_DEPTH
          ? microdataItem(el, depth + 1, budget)
          : undefined
        : microdataValue(el);
      if (value !== undefined) for (const p of props) add(p, value);
    }
    // A nested item's properties are its own, not this item's.
    if (!nested) for (let k = el.children.length - 1; k >= 0; k--) stack.push(el.children[k]!);
  }
  return item;
}

/** The nearest ancestor item of an element (its `itemscope`), if any. */
function parentScope(el: Element): Element | null {
  let p = el.parentElement;
  while (p && !p.hasAttribute('itemscope')) p = p.parentElement;
  return p;
}

/** Every ClaimReview item of the page's microdata. */
function microdataReviews(doc: ReviewDocument, base: string): ClaimReview[] {
  const scopes = doc.querySelectorAll('[itemscope][itemtype*="ClaimReview" i]');
  const out: ClaimReview[] = [];
  for (let i = 0; i < scopes.length && out.length < MAX_REVIEWS; i++) {
    const el = scopes[i]!;
    const item = microdataItem(el, 0, { left: MAX_MICRODATA_ELEMENTS });
    if (!typesOf(item).includes('ClaimReview')) continue;
    const up = parentScope(el);
    const parent = up ? microdataItem(up, MAX_MICRODATA_DEPTH - 1, { left: MAX_MICRODATA_ELEMENTS }) : undefined;
    const review = readReviewItem(item, parent, base);
    if (review) out.push(review);
  }
  return out;
}

/**
 * The ClaimReviews a page carries, JSON-LD first then microdata, the same review stated in both
 * kept once, at most MAX_REVIEWS. `baseUrl` is the page's address (relative links resolve against it).
 * Read before Readability, which removes the scripts.
 */
export function readClaimReviews(doc: ReviewDocument, baseUrl: string): ClaimReview[] {
  const all = [...jsonLdReviews(doc, baseUrl), ...microdataReviews(doc, baseUrl)];
  const seen = new Set<string>();
  const out: ClaimReview[] = [];
  for (const r of all) {
    const key = JSON.stringify([r.claimReviewed, r.rating, r.url, r.author]);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(r);
    if (out.length >= MAX_REVIEWS) break;
  }
  return out;
}
