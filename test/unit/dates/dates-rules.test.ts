import { describe, expect, it } from 'vitest';
import { freshnessOf } from '@/lib/panel/freshness';
import { dateCandidates, findDocumentDate, openingTextDate, type DatePage, type DateDocument } from '@/lib/dates/dates';
import { toIso } from '@/lib/dates/machine-dates';
import { datesInText, MONTH_NUMBERS } from '@/lib/dates/dates-text';
import { urlDay } from '@/lib/dates/dates-markup';
import { parseHtmlWithLinkedom } from '@/lib/pages/parse-html';

// One test per date rule of issue #24, each from a page written here for the rule (not from the
// dev pages): removing the rule makes its test fail.

const READ_AT = '2024-06-30T12:00:00.000Z';
const page = (head: string, body: string, lang = 'en') =>
  parseHtmlWithLinkedom(
    `<!doctype html><html lang="${lang}"><head><title>Harbour reopens</title>${head}</head><body>${body}</body></html>`,
    '',
  ) as unknown as DateDocument;
/** The date found, without `why` (the vote's own tests read it). */
const find = (doc: DateDocument, options: DatePage = {}, lastModified: string | null = null) => {
  const found = findDocumentDate(doc, lastModified, { readAt: READ_AT, ...options });
  if (found) delete found.why;
  return found;
};
const days = (text: string, options = {}) => datesInText(text, options).map((d) => d.day);

describe('machine-written dates keep the offset they are written at', () => {
  it('RFC 2822 and HTTP dates: the offset as written, not converted to UTC', () => {
    expect(toIso('Fri, 01 May 2020 23:00:00 -0400')).toBe('2020-05-01T23:00:00-04:00');
    expect(toIso('Sat, 02 May 2020 09:30:00 +0530')).toBe('2020-05-02T09:30:00+05:30');
    expect(toIso('Fri, 01 May 2020 23:00:00 EDT')).toBe('2020-05-01T23:00:00-04:00');
    expect(toIso('Mon Aug 24 2020 21:14:08 GMT-0400 (Eastern Daylight Time)')).toBe('2020-08-24T21:14:08-04:00');
    expect(toIso('Tue, 15 Nov 1994 08:12:31 GMT')).toBe('1994-11-15T08:12:31.000Z');
  });

  it('Unix and Java dates: a zone RFC 2822 does not name gives the day as written', () => {
    expect(toIso('Wed Mar 13 23:40:00 CET 2024')).toBe('2024-03-13');
    expect(toIso('Wed Mar 13 23:40:00 PDT 2024')).toBe('2024-03-13T23:40:00-07:00');
  });

  it('other text gives the day it writes, and never what a lenient parser would guess', () => {
    expect(toIso('13.03.2024 23:40')).toBe('2024-03-13');
    expect(toIso('13 March 2024')).toBe('2024-03-13');
    expect(toIso('Edition 2024')).toBeNull();
  });
});

describe('dates in text', () => {
  it('reads the Levant’s Arabic month names, and a month named twice ("24 نيسان / أبريل 2020")', () => {
    expect(days('تم نشره الجمعة 24 نيسان / أبريل 2020 09:22 مساءً')).toEqual(['2020-04-24']);
    expect(days('3 كانون الثاني 2021')).toEqual(['2021-01-03']);
    expect(days('7 أكتوبر 2020')).toEqual(['2020-10-07']);
  });

  it('reads dotted day-first dates', () => {
    expect(days('Stand 4.7.2023, Seite 2')).toEqual(['2023-07-04']);
    expect(days('julkaistu 19.2.2020 klo 14.00')).toEqual(['2020-02-19']);
  });

  it('reads slashed and hyphenated dates the way the page language orders them', () => {
    expect(days('posted 04/07/2023', { order: 'mdy' })).toEqual(['2023-04-07']);
    expect(days('posted 04/07/2023', { order: 'dmy' })).toEqual(['2023-07-04']);
    expect(days('posted 04-07-2023', { order: null })).toEqual([]);
    expect(days('posted 24/07/2023', { order: null })).toEqual(['2023-07-24']);
    expect(days('posted 07/24/2023', { order: null })).toEqual(['2023-07-24']);
  });

  it('reads year-first dates, alone or with a time', () => {
    expect(days('filed 2023/07/04 and 2023-07-05T08:00')).toEqual(['2023-07-04', '2023-07-05']);
  });

  it('reads Chinese, Japanese and Korean dates written with their unit signs, with or without spaces', () => {
    expect(days('公開日：2020年07月03日 更新')).toEqual(['2020-07-03']);
    expect(days('发布于2021年1月5日08:00 · 2024년 3월 3일')).toEqual(['2021-01-05', '2024-03-03']);
    expect(days('12020年1月1日')).toEqual([]);
  });

  it('reads Arabic and Cyrillic month names, day or month first', () => {
    expect(days('الأربعاء، 07 أكتوبر 2020 - 12:09 م')).toEqual(['2020-10-07']);
    expect(days('Опубликовано 7 октября 2020 · Оновлено 3 Березня 2021')).toEqual(['2020-10-07', '2021-03-03']);
  });

  it('reads two-digit years only where asked (short date elements)', () => {
    expect(days('Kurz notiert, 04.07.23')).toEqual([]);
    expect(days('Kurz notiert, 04.07.23', { shortYears: true, notAfterDay: '2024-06-30' })).toEqual(['2023-07-04']);
  });

  it("takes month names from the platform's Intl data, regional variants too", () => {
    expect(MONTH_NUMBERS.get('jänner')).toBe(1);
    expect(MONTH_NUMBERS.get('sept')).toBe(9);
    expect(days('4. Jänner 2023 · 4 Sept 2023 · 4 de julio de 2023 · 4 juil. 2023')).toEqual([
      '2023-01-04',
      '2023-09-04',
      '2023-07-04',
      '2023-07-04',
    ]);
  });

  it('tells a publication label from an update label, in the four languages', () => {
    const labels = (text: string) => datesInText(text).map((d) => d.label);
    expect(labels('Published 3 May 2023 · Updated 9 May 2023')).toEqual(['published', 'modified']);
    expect(labels('Veröffentlicht am 3. Mai 2023, aktualisiert am 9. Mai 2023')).toEqual(['published', 'modified']);
    expect(labels('Publié le 3 mai 2023, mis à jour le 9 mai 2023')).toEqual(['published', 'modified']);
    expect(labels('Publicado el 3 de mayo de 2023. Actualizado el 9 de mayo de 2023')).toEqual(['published', 'modified']);
    expect(labels('Posted by Ana Ruiz on May 3, 2023')).toEqual(['published']);
    expect(labels('Last edited: 9 May 2023')).toEqual(['modified']);
  });

  it("tells a cited source's access date apart", () => {
    const labels = (text: string) => datesInText(text).map((d) => d.label);
    expect(
      labels('Retrieved 1 May 2023 · abgerufen am 1. Mai 2023 · consulté le 1 mai 2023 · consultado el 1 de mayo de 2023'),
    ).toEqual(['accessed', 'accessed', 'accessed', 'accessed']);
  });

  it('reads "Stand:" as an update only as the German noun, capitalised', () => {
    expect(datesInText('Stand: 09.05.2023')[0]?.label).toBe('modified');
    expect(datesInText('the band stand 09.05.2023')[0]?.label).toBeNull();
  });

  it('reads a bare "Date:" label, also on the line before the date', () => {
    expect(datesInText('Datum: 09.05.2023')[0]?.label).toBe('published');
    expect(datesInText('Datum\n09.05.2023')[0]?.label).toBe('published');
    expect(datesInText('A long sentence that happens to end a line with a date\n09.05.2023')[0]?.label).toBeNull();
  });
});

describe('markup dates', () => {
  it('prefers the original date to the update, and keeps the update beside it', () => {
    const doc = page(
      '<script type="application/ld+json">{"@type":"NewsArticle","dateModified":"2024-03-09T10:00:00+01:00"}</script>' +
        '<meta property="article:published_time" content="2024-03-02T08:00:00+01:00">',
      '<p>x</p>',
    );
    expect(find(doc)).toEqual({ iso: '2024-03-02T08:00:00+01:00', source: 'meta', modified: '2024-03-09T10:00:00+01:00' });
  });

  it('reads the dates of JSON-LD that does not parse', () => {
    const doc = page('<script type="application/ld+json">{"@type":"BlogPosting", "datePublished": "2024-03-02",}</script>', '');
    expect(find(doc)).toEqual({ iso: '2024-03-02', source: 'structured-data' });
  });

  it('reads Dublin Core and schema.org meta names, and their dates in any format', () => {
    expect(find(page('<meta name="dc.date.created" content="2024-03-02">', ''))?.iso).toBe('2024-03-02');
    expect(find(page('<meta name="displaydate" content="2 Mar 2024">', ''))?.iso).toBe('2024-03-02');
  });

  it('reads body markup that labels a date as published, outside comments', () => {
    const microdata = page(
      '',
      '<div class="comments"><time itemprop="datePublished" datetime="2024-03-05">5 Mar</time></div><p><span itemprop="datePublished">02.03.2024</span></p>',
    );
    expect(find(microdata)).toEqual({ iso: '2024-03-02', source: 'meta' });
    const hAtom = page('', '<abbr class="published" title="2024-03-02T09:00:00-05:00">March 2</abbr>');
    expect(find(hAtom)?.iso).toBe('2024-03-02T09:00:00-05:00');
    const bem = page(
      '',
      '<span class="article__date--published">2 March 2024</span><span class="article__date--updated">9 March 2024</span>',
    );
    expect(find(bem)).toEqual({ iso: '2024-03-02', source: 'meta', modified: '2024-03-09' });
    const rdfa = page('', '<span property="dc:date" content="2024-03-02T09:00:00+01:00"></span>');
    expect(find(rdfa)?.iso).toBe('2024-03-02T09:00:00+01:00');
  });
});

describe("dates that are not the page's", () => {
  it("skips an event's or a person's date marked up as hCalendar or hCard", () => {
    const doc = page('', '<span class="bday dtstart published">1998-02-28</span><span class="published">2 March 2024</span>');
    expect(find(doc)?.iso).toBe('2024-03-02');
  });

  it("skips a date in a table next to the title (an infobox's)", () => {
    const doc = page('', '<h1>Harbour reopens</h1><table><tr><td>Opened</td><td>2 March 2008</td></tr></table><p>Text.</p>');
    expect(find(doc)).toBeNull();
  });

  it('skips the access dates of references', () => {
    const doc = page(
      '',
      '<h1>Harbour reopens</h1><p>Text.</p><ol><li><span class="reference-accessdate">Retrieved 1 May 2023</span></li></ol>',
    );
    expect(find(doc)).toBeNull();
  });
});

describe("the URL's date", () => {
  it('reads a full date from the path, not a month or an archive timestamp', () => {
    expect(urlDay('https://news.test/2024/03/02/harbour-reopens/')).toEqual([2024, 3, 2]);
    expect(urlDay('https://news.test/2024/3/2/harbour')).toEqual([2024, 3, 2]);
    expect(urlDay('https://news.test/harbour-2024-03-02.html')).toEqual([2024, 3, 2]);
    expect(urlDay('https://news.test/news/20240302/harbour')).toEqual([2024, 3, 2]);
    expect(urlDay('https://news.test/2024/03/harbour')).toBeNull();
    expect(urlDay('https://archive.test/web/20240302101500/https://news.test/x')).toBeNull();
    expect(urlDay('https://news.test/x?date=20240302')).toBeNull();
  });

  it('reads a day-first or month-first date at the end of a path when one part is past 12', () => {
    expect(urlDay('https://news.test/notices/29-10-2021')).toEqual([2021, 10, 29]);
    expect(urlDay('https://news.test/notices/10-29-2021')).toEqual([2021, 10, 29]);
    expect(urlDay('https://news.test/notices/04-03-2021')).toBeNull();
  });

  it('dates a page its markup does not date, before the HTTP header', () => {
    const doc = page('', '<h1>Harbour reopens</h1><p>The harbour reopened.</p>');
    expect(find(doc, { url: 'https://news.test/2024/03/02/harbour' }, 'Sat, 09 Mar 2024 10:00:00 GMT')).toEqual({
      iso: '2024-03-02',
      source: 'meta',
    });
  });
});

describe('the HTTP header', () => {
  it('dates a page nothing else dates, and is outweighed by a byline', () => {
    const doc = page('', '<h1>Harbour reopens</h1><p>Published 2 March 2024</p>');
    const bare = page('', '<h1>Harbour reopens</h1><p>The harbour reopened.</p>');
    expect(find(bare, {}, 'Sat, 09 Mar 2024 10:00:00 GMT')).toEqual({ iso: '2024-03-09T10:00:00.000Z', source: 'http-header' });
    expect(find(doc, {}, 'Sat, 09 Mar 2024 10:00:00 GMT')).toEqual({ iso: '2024-03-02', source: 'opening-text' });
  });
});

describe('page text', () => {
  it('takes a labelled byline before the first date element', () => {
    const doc = page(
      '',
      '<div class="date">Friday, 28 June 2024</div><h1>Harbour reopens</h1><p>By Ana Ruiz · Published 2 March 2024</p>',
    );
    expect(find(doc)?.iso).toBe('2024-03-02');
  });

  it('does not read a sentence that mentions a publication as a byline', () => {
    const sentence =
      'The harbour authority said the report it published on 2 March 2024 covers every berth, every crane and every ' +
      'lock gate of the old port, and that a second report will follow once the dredging of the outer basin is done.';
    expect(find(page('', `<h1>Harbour reopens</h1><p>${sentence}</p>`))).toBeNull();
  });

  it('reads date elements: a <time>, a "date" or "byline" class', () => {
    expect(find(page('', '<h1>Harbour reopens</h1><time datetime="2024-03-02T18:00:00+01:00">2 March</time>'))?.iso).toBe(
      '2024-03-02T18:00:00+01:00',
    );
    expect(find(page('', '<div class="entry-byline">Ana Ruiz, 02.03.2024</div>'))?.iso).toBe('2024-03-02');
  });

  it('prefers the byline next to the title to a date earlier on the page', () => {
    const doc = page(
      '',
      '<div class="header-date">Friday, 28 June 2024</div>' +
        `<nav>${'<a href="/x">Section</a> '.repeat(40)}</nav>` +
        '<h1>Harbour reopens</h1><div class="meta">2 March 2024</div>',
    );
    expect(find(doc)?.iso).toBe('2024-03-02');
  });

  it("takes the <h1> the document's title names, not the site's logo", () => {
    const doc = page(
      '',
      '<h1>Port Gazette</h1><div class="date">Friday, 28 June 2024</div>' +
        `<nav>${'<a href="/x">Section</a> '.repeat(40)}</nav>` +
        '<h1>Harbour reopens</h1><div class="date">2 March 2024</div>',
    );
    expect(find(doc)?.iso).toBe('2024-03-02');
  });

  it('reads a short line right after the title as its byline, without a date class', () => {
    const doc = page('', '<h1>Harbour reopens</h1><p>Port Gazette | 02.03.2024 | Shipping</p><p>The harbour reopened.</p>');
    expect(find(doc)).toEqual({ iso: '2024-03-02', source: 'opening-text' });
  });

  it('leaves hidden dates out', () => {
    const doc = page(
      '',
      '<h1>Harbour reopens</h1><span class="date" style="display: none">1 January 2020</span><span class="date">2 March 2024</span>',
    );
    expect(find(doc)?.iso).toBe('2024-03-02');
  });

  it('leaves comment threads out', () => {
    const doc = page('', '<h1>Harbour reopens</h1><ol class="commentlist"><li><span class="date">5 March 2024</span></li></ol>');
    expect(find(doc)).toBeNull();
  });

  it('reads numeric dates in the order of the page language', () => {
    const body = '<h1>Harbour reopens</h1><span class="date">04/03/2024</span>';
    expect(find(page('', body, 'en-US'))?.iso).toBe('2024-04-03');
    expect(find(page('', body, 'en-GB'))?.iso).toBe('2024-03-04');
    expect(find(page('', body, 'en'))).toBeNull();
  });

  it("reads an XHTML page's language from xml:lang", () => {
    const xhtml = parseHtmlWithLinkedom(
      '<html xmlns="http://www.w3.org/1999/xhtml" xml:lang="en-GB"><head><title>Harbour reopens</title></head><body><h1>Harbour reopens</h1><span class="date">04/03/2024</span></body></html>',
      '',
    ) as unknown as DateDocument;
    expect(find(xhtml)?.iso).toBe('2024-03-04');
  });

  it('does not take a date element labelled as an update for the publication', () => {
    const doc = page(
      '',
      `<h1>Harbour reopens</h1><div class="date">Updated: 9 March 2024</div><p>${'The harbour reopened. '.repeat(80)}</p>` +
        '<span class="date">2 March 2024</span>',
    );
    expect(find(doc)).toEqual({ iso: '2024-03-02', source: 'opening-text', modified: '2024-03-09' });
  });

  it('uses an update date only when nothing else dates the page', () => {
    expect(find(page('', '<p>Last updated: 9 March 2024</p>'))).toEqual({ iso: '2024-03-09', source: 'opening-text' });
  });
});

describe('never a date later than when the page was read', () => {
  it('skips future dates in markup and in text', () => {
    const doc = page(
      '<meta property="article:published_time" content="2031-01-01T00:00:00Z">',
      '<h1>Harbour reopens</h1><div class="date">1 January 2031</div><div class="date">2 March 2024</div>',
    );
    expect(find(doc)?.iso).toBe('2024-03-02');
  });
});

describe('a time written in UTC is put on the day the page writes', () => {
  it("takes the page's own writing of the same moment at its offset", () => {
    const doc = page(
      '<meta property="article:published_time" content="2024-03-03T02:30:00+00:00">',
      '<time datetime="2024-03-02T21:30:00-05:00">March 2</time>',
    );
    expect(find(doc)?.iso).toBe('2024-03-02T21:30:00-05:00');
  });

  it("puts the moment on the URL's day, when that is its day somewhere", () => {
    const doc = page('<meta property="article:published_time" content="2024-03-03T02:30:00Z">', '');
    const iso = find(doc, { url: 'https://news.test/2024/03/02/harbour' })?.iso;
    // The page gives no offset that puts the moment on its day: the day alone, no offset made up.
    expect(iso).toBe('2024-03-02');
    // 14:30 UTC is 3 March everywhere from −10:00 to +14:00: the URL's day is another day.
    const afternoon = page('<meta property="article:published_time" content="2024-03-03T14:30:00Z">', '');
    expect(find(afternoon, { url: 'https://news.test/2024/03/02/harbour' })?.iso).toBe('2024-03-03T14:30:00.000Z');
  });

  it("puts the moment on the byline's day", () => {
    const doc = page(
      '<meta property="article:published_time" content="2024-03-02T23:10:00Z">',
      '<h1>Harbour reopens</h1><div class="byline">3 March 2024</div>',
    );
    expect(find(doc)?.iso).toBe('2024-03-03');
  });

  it('leaves a time written without a zone as written', () => {
    const doc = page(
      '<meta property="article:published_time" content="2024-03-02T23:10:00">',
      '<h1>Harbour reopens</h1><div class="byline">3 March 2024</div>',
    );
    const meta = dateCandidates(doc, null, { readAt: READ_AT }).dates.find((d) => d.place === 'meta');
    expect(meta?.iso).toBe('2024-03-02T23:10:00.000Z');
  });
});

describe('the vote between competing dates', () => {
  const filler = '<p>' + 'The harbour reopened to ships after the winter works. '.repeat(14) + '</p>';

  it('takes the byline next to the title over a lone meta tag', () => {
    const doc = page(
      '<meta name="date" content="2024-02-20">',
      '<h1>Harbour reopens</h1><p class="date">2 March 2024</p><p>The harbour reopened.</p>',
    );
    expect(find(doc)).toEqual({ iso: '2024-03-02', source: 'opening-text' });
  });

  it('takes a meta tag over structured data that disagrees with it', () => {
    const doc = page(
      '<meta property="article:published_time" content="2024-03-02"><script type="application/ld+json">{"@type":"NewsArticle","datePublished":"2024-02-20"}</script>',
      '<p>The harbour reopened.</p>',
    );
    expect(find(doc)).toEqual({ iso: '2024-03-02', source: 'meta' });
  });

  it('lets places that agree outweigh a heavier one alone', () => {
    const doc = page(
      '<meta property="article:published_time" content="2024-02-20"><script type="application/ld+json">{"@type":"NewsArticle","datePublished":"2024-03-02"}</script>',
      '<p>The harbour reopened.</p>',
    );
    expect(find(doc, { url: 'https://news.test/2024/03/02/harbour' })).toEqual({ iso: '2024-03-02', source: 'structured-data' });
  });

  it('never takes a byline on the day the markup labels as an update', () => {
    const doc = page(
      '<script type="application/ld+json">{"@type":"NewsArticle","datePublished":"2024-03-02","dateModified":"2024-03-09"}</script>',
      '<h1>Harbour reopens</h1><p class="date">9 March 2024</p><p>The harbour reopened.</p>',
    );
    expect(find(doc)).toEqual({ iso: '2024-03-02', source: 'structured-data', modified: '2024-03-09' });
  });

  it("never takes a byline between the markup's publication and its update (a revision's date)", () => {
    const doc = page(
      '<meta property="article:published_time" content="2024-03-02"><meta property="article:modified_time" content="2024-03-20">',
      '<h1>Harbour reopens</h1><p class="date">9 March 2024</p><p>The harbour reopened.</p>',
    );
    expect(find(doc)).toEqual({ iso: '2024-03-02', source: 'meta', modified: '2024-03-20' });
  });

  it('reads a date element far from the title as a date element, not the byline', () => {
    const doc = page(
      '<meta name="date" content="2024-03-02">',
      `<h1>Harbour reopens</h1>${filler}<p class="date">9 March 2024</p>`,
    );
    expect(find(doc)).toEqual({ iso: '2024-03-02', source: 'meta' });
  });

  it('does not walk the text when the markup settles the vote', () => {
    const head =
      '<meta property="article:published_time" content="2024-03-02"><script type="application/ld+json">{"@type":"NewsArticle","datePublished":"2024-03-02"}</script>';
    const body =
      '<h1>Harbour reopens</h1><p class="date">9 March 2024</p><p itemprop="datePublished" content="2024-03-02">Text.</p>';
    // JSON-LD, meta and body markup agree (5 + 7 + 6): the text's places (3 + 8 + 1) cannot outweigh them.
    expect(findDocumentDate(page(head, body), null, { readAt: READ_AT })?.why).toBe(
      'JSON-LD datePublished (2024-03-02), with a meta tag, markup labelled as published',
    );
    // Two of them (5 + 7) can be outweighed: the text is read, and its byline is outvoted.
    expect(
      findDocumentDate(page(head, body.replace(' itemprop="datePublished" content="2024-03-02"', '')), null, { readAt: READ_AT })
        ?.why,
    ).toBe(
      'JSON-LD datePublished (2024-03-02), with a meta tag: weight 12 over the byline next to the title (2024-03-09, weight 8)',
    );
  });

  it('says which place won and why', () => {
    const doc = page(
      '<meta name="date" content="2024-02-20"><meta property="article:modified_time" content="2024-03-09">',
      '<h1>Harbour reopens</h1><p class="date">2 March 2024</p><p>The harbour reopened.</p>',
    );
    expect(findDocumentDate(doc, null, { readAt: READ_AT, url: 'https://news.test/2024/03/02/harbour' })?.why).toBe(
      'the URL (2024-03-02), with the byline next to the title: weight 13 over a meta tag (2024-02-20, weight 7); 2024-03-09 labelled as an update, never the publication',
    );
  });
});

describe('the byline and labels in the text', () => {
  it("takes an <h2> as the title when it shares more of the <title>'s words than the <h1> (the site's name)", () => {
    const filler = '<p>' + 'Ships, ferries and the harbour office in the port district. '.repeat(12) + '</p>';
    const doc = parseHtmlWithLinkedom(
      '<html lang="en"><head><title>Harbour reopens after the winter works | Port News</title><meta name="date" content="2024-02-20"></head>' +
        `<body><h1>Port News</h1>${filler}<h2>Harbour reopens after the winter works</h2><p class="date">2 March 2024</p><p>Text.</p></body></html>`,
      '',
    ) as unknown as DateDocument;
    expect(find(doc)).toEqual({ iso: '2024-03-02', source: 'opening-text' });
  });

  it('reads a byline whose author and date are two elements with no space between ("Tanja Karrasch3.11.2023")', () => {
    const doc = page(
      '',
      '<h1>Harbour reopens after the winter works</h1><div><a href="#a"><span>Tanja Karrasch</span></a><span class="pr-2"></span>' +
        '<span class="text-grey">3.3.2024</span></div><p>The harbour opened again on Monday after works that took the winter.</p>',
      'de',
    );
    expect(find(doc)).toEqual({ iso: '2024-03-03', source: 'opening-text' });
  });

  it('reads a German label after its date ("am 2. März 2024 um 14:00 Uhr veröffentlicht")', () => {
    expect(datesInText('Dieser Beitrag wurde am Samstag, 2. März 2024 um 14:00 Uhr veröffentlicht.').map((d) => d.label)).toEqual(
      ['published'],
    );
    const doc = page('', '<p>Dieser Beitrag wurde am Samstag, 2. März 2024 um 14:00 Uhr veröffentlicht.</p>', 'de');
    expect(find(doc)).toEqual({ iso: '2024-03-02', source: 'opening-text' });
  });

  it('skips an event\'s date ("Termin: 21.02.2020") next to the title', () => {
    expect(datesInText('Termin: 21.02.2020, 19 Uhr').map((d) => d.label)).toEqual(['event']);
    const doc = page(
      '<meta property="article:published_time" content="2024-03-02">',
      '<h1>Harbour reopens</h1><p>Termin: 21.03.2024, 19 Uhr</p><p>Text.</p>',
      'de',
    );
    expect(find(doc)).toEqual({ iso: '2024-03-02', source: 'meta' });
  });

  it('reads a labelled date on a long line when the sentence is about the page itself ("This entry was posted on")', () => {
    const doc = page(
      '',
      '<p>This entry was posted on Saturday, 2 March 2024 and is filed under Harbour news. You can follow any responses to this entry through the RSS 2.0 feed. Both comments and pings are currently closed, but you can leave a trackback from your own site.</p>',
    );
    expect(find(doc)).toEqual({ iso: '2024-03-02', source: 'opening-text' });
  });

  it('reads the body with content when the document has an empty one before it', () => {
    const doc = parseHtmlWithLinkedom(
      '<html lang="en"><head><title>Harbour reopens</title></head><body><h1>Harbour reopens</h1><p class="date">2 March 2024</p></body></html>',
      '',
    );
    doc.documentElement.insertBefore(doc.createElement('body'), doc.querySelectorAll('body')[0]!);
    expect(find(doc as unknown as DateDocument)).toEqual({ iso: '2024-03-02', source: 'opening-text' });
  });
});

describe('the opening text of the extraction', () => {
  it('takes a publication label first, then an unlabelled date, then an update', () => {
    expect(openingTextDate('Updated 9 March 2024. Published 2 March 2024.')?.iso).toBe('2024-03-02');
    expect(openingTextDate('Updated 9 March 2024. Harbour, 2 March 2024.')?.iso).toBe('2024-03-02');
    expect(openingTextDate('Updated 9 March 2024.')?.iso).toBe('2024-03-09');
  });
});

describe('downstream: a day or a time at an offset both date a source', () => {
  it('gives the age from the moment, whatever the offset written', () => {
    const asked = '2024-03-12T12:00:00.000Z';
    expect(freshnessOf({ iso: '2024-03-02', source: 'meta' }, asked)).toEqual({ kind: 'dated', ageDays: 10 });
    expect(freshnessOf({ iso: '2024-03-02T21:30:00-05:00', source: 'meta' }, asked)).toEqual({ kind: 'dated', ageDays: 9 });
    expect(freshnessOf({ iso: '2024-03-02T21:30:00-05:00', source: 'meta', modified: '2024-03-09' }, asked, 7)).toEqual({
      kind: 'dated',
      ageDays: 9,
      windowDays: 7,
      inside: false,
    });
  });
});
