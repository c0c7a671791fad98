import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ExpectedMetadata } from '../corpus/corpus';

/**
 * Four of Readability's test pages copied into the repository (test/fixtures/pages/readability, see
 * its NOTICE.md): real pages for the tests that need one as a fixture, with or without the corpus.
 */
export const SAMPLES_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/pages/readability');

/** The sample pages. */
export type SampleName = 'wikipedia' | '002' | 'ebb-org' | 'wikipedia-3';

/** A sample page: its HTML as served and what Readability's tests expect of its metadata. */
export function samplePage(name: SampleName): { name: SampleName; source: string; metadata: ExpectedMetadata } {
  const dir = path.join(SAMPLES_DIR, name);
  return {
    name,
    source: readFileSync(path.join(dir, 'source.html'), 'utf8'),
    metadata: JSON.parse(readFileSync(path.join(dir, 'expected-metadata.json'), 'utf8')) as ExpectedMetadata,
  };
}
