import type { ReleaseSourceId } from '../providers/release-sources';
import type { FetchLike } from '../shared/fetch-like';

export type { ReleaseSourceId };

/** What a primary source says about a package's or product's latest release. */
export interface ReleaseFacts {
  /** The name as the source spells it. */
  name: string;
  version: string;
  /** ISO date-time of the release. */
  published: string;
  /** The page a person reads it on (the registry's page, the release's page). */
  url: string;
  /** Who publishes the data, as the answer says it: "the npm registry". */
  publisher: string;
  /** The GitHub repository (owner/name) the source names, for the release notes. */
  repository?: string;
}

/** One lookup: the facts (null when the source does not know the name) and its rate limit as said. */
export interface ReleaseLookup {
  facts: ReleaseFacts | null;
  /** "59 of 60 requests left this hour", when the source says. */
  rateLimit?: string;
}

export interface ReleaseLookupOptions {
  fetch: FetchLike;
  timeoutMs: number;
  now: () => Date;
}

/** A keyless primary source for release and version questions. */
export interface ReleaseSource {
  id: ReleaseSourceId;
  name: string;
  /** `subject`: a package or product name, or for GitHub an "owner/name" repository. */
  lookup(subject: string, options: ReleaseLookupOptions): Promise<ReleaseLookup>;
}

/** The GitHub repository (owner/name) of a repository URL as registries give it (git+https://github.com/a/b.git). */
export function githubRepository(url: string | undefined | null): string | undefined {
  const m = /github\.com[/:]([\w.-]+)\/([\w.-]+?)(?:\.git)?(?:[/#?].*)?$/i.exec(url ?? '');
  return m ? `${m[1]}/${m[2]}` : undefined;
}
