import type { Settings } from '../settings';
import { createCratesIoSource } from './crates-io';
import { createEndOfLifeSource } from './endoflife';
import { createGithubReleasesSource } from './github-releases';
import { createNpmRegistrySource } from './npm-registry';
import { createPypiSource } from './pypi';
import type { ReleaseSource, ReleaseSourceId } from './release-source';

/** Each release source's maker, by id (the ids: lib/providers/release-sources.ts). */
const MAKERS: Record<ReleaseSourceId, () => ReleaseSource> = {
  endoflife: createEndOfLifeSource,
  npm: createNpmRegistrySource,
  pypi: createPypiSource,
  crates: createCratesIoSource,
  github: createGithubReleasesSource,
};

/** The release sources the settings leave on (all, on a fresh install). */
export function releaseSourcesFor(settings: Settings): ReleaseSource[] {
  return settings.releaseSources.map((id) => MAKERS[id]());
}
