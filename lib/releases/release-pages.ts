import type { Page } from '../shared/types';
import { stableHash } from '../text/hash';
import type { ReleaseFacts, ReleaseLookupOptions, ReleaseSource } from './release-source';

/** What each release source said, for the trace. */
export interface ReleaseOutcome {
  source: string;
  subject: string;
  outcome: string;
  rateLimit?: string;
}

const DAY = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** One source's facts as a page of one sentence, dated by the release itself. */
function factsPage(f: ReleaseFacts, retrievedAt: string): Page {
  const text = `The latest release of ${f.name} on ${f.publisher} is version ${f.version}, published on ${DAY.format(new Date(f.published))}.`;
  return {
    url: f.url,
    title: `${f.name} ${f.version} (${f.publisher})`,
    text,
    published: { iso: new Date(f.published).toISOString(), source: 'structured-data' },
    retrievedAt,
    contentHash: stableHash(text),
    origin: 'web',
    // Our sentence over the source's JSON: the page at `url` does not hold it, so nothing can be highlighted there.
    textFrom: 'api',
  };
}

/**
 * Asks the keyless primary sources about a release question's subject: the registries and
 * endoflife.date by name, then GitHub releases for the repository a registry names (or the subject
 * when it is "owner/name"). Each answer is a page of its own publisher; each failure, rate limit
 * included, is said in the outcomes and never stops the others.
 */
export async function releasePages(
  subject: string,
  sources: ReleaseSource[],
  options: ReleaseLookupOptions,
): Promise<{ pages: Page[]; outcomes: ReleaseOutcome[] }> {
  const retrievedAt = options.now().toISOString();
  const outcomes: ReleaseOutcome[] = [];
  const ask = async (source: ReleaseSource, name: string): Promise<ReleaseFacts | null> => {
    try {
      const r = await source.lookup(name, options);
      outcomes.push({
        source: source.name,
        subject: name,
        outcome: r.facts ? `${r.facts.version}, ${r.facts.published.slice(0, 10)}` : 'not known there',
        ...(r.rateLimit ? { rateLimit: r.rateLimit } : {}),
      });
      return r.facts;
    } catch (e) {
      outcomes.push({ source: source.name, subject: name, outcome: e instanceof Error ? e.message : String(e) });
      return null;
    }
  };
  const github = sources.find((s) => s.id === 'github');
  const byName = sources.filter((s) => s.id !== 'github');
  const found = (await Promise.all(byName.map((s) => ask(s, subject)))).filter((f): f is ReleaseFacts => f !== null);
  const repos = [
    ...new Set([...found.flatMap((f) => (f.repository ? [f.repository] : [])), ...(subject.includes('/') ? [subject] : [])]),
  ];
  if (github) for (const f of await Promise.all(repos.slice(0, 2).map((r) => ask(github, r)))) if (f) found.push(f);
  return { pages: found.map((f) => factsPage(f, retrievedAt)), outcomes };
}
