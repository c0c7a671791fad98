import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sha256HexSync } from '../../../lib/text/hash';

const nodeSha = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');

describe('sha256HexSync', () => {
  it('matches SHA-256 of the UTF-8 bytes at every padding boundary and on non-ASCII text', () => {
    const texts = ['', 'abc', 'é—日本語 🙂 text', 'x'.repeat(100_000)];
    for (let n = 50; n < 140; n++) texts.push('a'.repeat(n));
    for (const t of texts) expect(sha256HexSync(t)).toBe(nodeSha(t));
    expect(sha256HexSync('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});
