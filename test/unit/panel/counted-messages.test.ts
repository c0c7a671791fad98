import { afterEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { formatCounted } from '@/lib/format';
import { speak } from '../panel-catalogue';

const original = fakeBrowser.i18n.getMessage;
afterEach(() => {
  fakeBrowser.i18n.getMessage = original;
});

// The panel's counts are written once per plural form: "1 of 1 claim", not "1 of 1 claims".
describe('counted messages take the singular for a total of one, by the UI language’s own rules', () => {
  it('English: one claim, two claims', () => {
    speak('en');
    expect(formatCounted('checkedSoFar', 1, ['1', '1'])).toBe('1 of 1 claim checked so far');
    expect(formatCounted('checkedSoFar', 2, ['1', '2'])).toBe('1 of 2 claims checked so far');
    expect(formatCounted('factCheckCounted', 1, ['1', '1'])).toBe('1 of 1 checkable claim checked.');
    expect(formatCounted('factCheckCounted', 0, ['0', '0'])).toBe('0 of 0 checkable claims checked.');
    expect(formatCounted('factCheckCountedUnchecked', 1, ['0', '1', '1'])).toBe(
      '0 of 1 checkable claim checked; 1 could not be checked (its search failed).',
    );
  });

  it('French calls 0 and 1 singular; German and Spanish only 1', () => {
    speak('fr');
    expect(formatCounted('factCheckCounted', 1, ['1', '1'])).toBe('1 sur 1 affirmation vérifiable vérifiée.');
    expect(formatCounted('factCheckCounted', 3, ['2', '3'])).toBe('2 sur 3 affirmations vérifiables vérifiées.');
    expect(formatCounted('factCheckCounted', 0, ['0', '0'])).toBe('0 sur 0 affirmation vérifiable vérifiée.');
    speak('de');
    expect(formatCounted('checkedSoFar', 1, ['0', '1'])).toBe('Bisher 0 von 1 Aussage geprüft');
    expect(formatCounted('checkedSoFar', 0, ['0', '0'])).toBe('Bisher 0 von 0 Aussagen geprüft');
    speak('es');
    expect(formatCounted('checkedSoFar', 1, ['1', '1'])).toBe('1 de 1 afirmación comprobada hasta ahora');
  });
});
