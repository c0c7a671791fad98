import type { Settings } from '../settings';
import { createCratesIoSource } from './crates-io';
import { createEndOfLifeSource } from './endoflife';
import { createGithubReleasesSource } from './github-releases';
import { createNpmRegistrySource } from './npm-registry';
import { createPypiSource } from './pypi';
import type { ReleaseSource } from './release-source';

/** The release sources the settings leave on (all, on a fresh install). */
export function releaseSourcesFor(settings: Settings): ReleaseSource[] {
  const make = {
    endoflife: createEndOfLifeSource,
    npm: createNpmRegistrySource,
    pypi: createPypiSource,
    crates: createCratesIoSource,
    github: createGithubReleasesSource,
  };
  return settings.releaseSources.map((id) => make[id]());
}
