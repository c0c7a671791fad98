import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildLexicon } from '@/lib/reading/lexicon-build';
import { installedWordNet } from '@/scripts/lexicon-files';

describe('the compiled WordNet table', () => {
  it('is what scripts/build-lexicon.ts builds from the installed WordNet today', () => {
    const committed = JSON.parse(readFileSync('lib/reading/lexicon-data.json', 'utf8'));
    expect(committed).toEqual(buildLexicon(installedWordNet()));
  }, 120_000);
});
