import { describe, expect, it } from 'vitest';
import { toIso } from '@/lib/dates/machine-dates';
import { parseProviderDate, providerDate } from '@/lib/dates/provider-dates';

const NOW = new Date('2026-11-30T12:00:00Z');

describe('provider dates', () => {
  it.each([
    // ISO 8601
    ['2026-02-10T09:00:00.000Z', '2026-02-10T09:00:00.000Z'],
    ['2026-02-10T09:00:00Z', '2026-02-10T09:00:00.000Z'],
    ['2026-02-10T10:00:00+01:00', '2026-02-10T10:00:00+01:00'],
    ['2026-02-10T23:30:00-0500', '2026-02-10T23:30:00-05:00'],
    ['2026-02-10T09:00:00+00:00', '2026-02-10T09:00:00.000Z'],
    ['2026-02-10T09:00:00', '2026-02-10T09:00:00.000Z'],
    ['2026-02-10 09:00', '2026-02-10T09:00:00.000Z'],
    ['2026-02-10T09:00:00.123456', '2026-02-10T09:00:00.123Z'],
    ['2026-02-10', '2026-02-10'],
    // RFC 1123 / 2822
    ['Tue, 10 Feb 2026 09:00:00 GMT', '2026-02-10T09:00:00.000Z'],
    ['10 Feb 2026 04:00:00 EST', '2026-02-10T04:00:00-05:00'],
    ['Tue, 10 Feb 2026 10:00:00 +0100', '2026-02-10T10:00:00+01:00'],
    // Loose text
    ['Aug 31, 2022', '2022-08-31'],
    ['August 31, 2022', '2022-08-31'],
    ['Sept. 3, 2024', '2024-09-03'],
    ['31 August 2022', '2022-08-31'],
    ['  Feb  10,   2026 ', '2026-02-10'],
  ])('%s → %s', (raw, iso) => {
    expect(parseProviderDate(raw)).toBe(iso);
  });

  it.each([
    ['3 days ago', '2026-11-27'],
    ['1 day ago', '2026-11-29'],
    ['yesterday', '2026-11-29'],
    ['today', '2026-11-30'],
    ['2 weeks ago', '2026-11-16'],
    ['an hour ago', '2026-11-30T11:00:00.000Z'],
    ['5 hrs ago', '2026-11-30T07:00:00.000Z'],
    ['30 minutes ago', '2026-11-30T11:30:00.000Z'],
    ['just now', '2026-11-30T12:00:00.000Z'],
    ['1 month ago', '2026-10-30'],
    ['2 years ago', '2024-11-30'],
  ])('relative "%s" against 2026-11-30T12:00Z → %s', (raw, iso) => {
    expect(parseProviderDate(raw, NOW)).toBe(iso);
  });

  it('a month back from the 31st lands on the last day of the shorter month', () => {
    expect(parseProviderDate('1 month ago', new Date('2026-03-31T08:00:00Z'))).toBe('2026-02-28');
  });

  it('a kept offset still denotes the same instant', () => {
    expect(Date.parse(parseProviderDate('2026-02-10T23:30:00-05:00')!)).toBe(Date.parse('2026-02-11T04:30:00Z'));
  });

  it('relative dates without a clock are unknown', () => {
    expect(parseProviderDate('3 days ago')).toBeNull();
  });

  it.each([
    [''],
    ['   '],
    ['not a date'],
    ['Aug 31'], // no year: Date.parse would say 2001
    ['2026-02-30'],
    ['2026-13-01T00:00:00Z'],
    ['2026-02-10T25:00:00Z'],
    ['31 Foo 2022'],
    ['3 fortnights ago'],
    ['1770714000'],
  ])('"%s" is unknown', (raw) => {
    expect(parseProviderDate(raw, NOW)).toBeNull();
  });

  it("a provider's date is read as a page's is: one reader of machine-written dates", () => {
    for (const raw of ['2026-02-10T23:30:00-0500', 'Tue, 10 Feb 2026 10:00:00 +0100', 'Sept. 3, 2024', '2026-02-30', 'Aug 31'])
      expect(parseProviderDate(raw)).toBe(toIso(raw));
  });

  it('a time in a zone RFC 2822 does not define keeps the day as written', () => {
    expect(parseProviderDate('Tue, 10 Feb 2026 09:00:00 XYZ')).toBe('2026-02-10');
  });

  it('null and undefined are unknown', () => {
    expect(parseProviderDate(null)).toBeNull();
    expect(parseProviderDate(undefined)).toBeNull();
  });

  it('providerDate records the provider as the source', () => {
    expect(providerDate('2026-02-10')).toEqual({ iso: '2026-02-10', source: 'search-provider' });
    expect(providerDate('junk')).toBeNull();
  });
});
