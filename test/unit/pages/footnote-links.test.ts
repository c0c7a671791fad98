import { describe, expect, it } from 'vitest';
import { relocateLinks, sourceUrl } from '@/lib/pages/footnotes';

describe('links of the extracted text', () => {
  it('resolves a source link and refuses share buttons, scripts, mail and the page itself', () => {
    const page = 'https://news.example.com/a/story?id=3';
    expect(sourceUrl('/b/report#p2', page)).toBe('https://news.example.com/b/report');
    expect(sourceUrl('https://twitter.com/intent/tweet?text=x', page)).toBeNull();
    expect(sourceUrl('https://www.linkedin.com/shareArticle?url=https%3A%2F%2Fx', page)).toBeNull();
    expect(sourceUrl('https://www.facebook.com/sharer/sharer.php?u=https%3A%2F%2Fx', page)).toBeNull();
    expect(sourceUrl('mailto:desk@example.com', page)).toBeNull();
    expect(sourceUrl('javascript:void(0)', page)).toBeNull();
    expect(sourceUrl('#comments', page)).toBeNull();
    expect(sourceUrl('https://news.example.com/a/story?id=3#top', page)).toBeNull();
    expect(sourceUrl('https://news.example.com/a/story?id=4', page)).toBe('https://news.example.com/a/story?id=4');
  });

  it('moves links to a text with lines put in between, and drops one whose words are gone', () => {
    const before = 'First line with a source here.\nSecond line links there.';
    const links = [
      { start: before.indexOf('source'), end: before.indexOf('source') + 6, url: 'https://a.example/' },
      { start: before.indexOf('there'), end: before.indexOf('there') + 5, url: 'https://b.example/' },
    ];
    const after = 'First line with a source here.\nA recovered paragraph.\nSecond line links there.';
    const moved = relocateLinks(links, before, after);
    expect(moved.map((l) => after.slice(l.start, l.end))).toEqual(['source', 'there']);
    expect(relocateLinks(links, before, 'First line with a source here.')).toHaveLength(1);
  });
});
