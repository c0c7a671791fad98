import { describe, expect, it } from 'vitest';
import { languageOf } from '@/lib/text/language';

// The language of a claim, by its function words (lib/text/language.ts): the Fact Check Tools
// lookup asks in it (languageCode), and in every language when the text does not say.
describe('the language of a claim', () => {
  it('tells the four languages apart', () => {
    expect(languageOf('The population of the city was 412,000 in 2026, according to the census.')).toBe('en');
    expect(languageOf('Die Einwohnerzahl der Stadt ist im Jahr 2026 auf 412.000 gestiegen.')).toBe('de');
    expect(languageOf('La population de la ville est passée à 412 000 habitants dans les années 2020.')).toBe('fr');
    expect(languageOf('La población de la ciudad fue de 412.000 habitantes en 2026, según el censo.')).toBe('es');
  });

  it('does not guess from words two languages share ("de", "la", "que", "en")', () => {
    expect(languageOf('la de que en')).toBeUndefined();
  });

  it('does not guess from too few function words, or from two languages close', () => {
    expect(languageOf('Vaccines cause autism')).toBeUndefined();
    expect(languageOf('the and und ist')).toBeUndefined();
  });
});
