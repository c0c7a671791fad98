/**
 * The language of a short text (a claim), among the four the extension speaks, by its function
 * words: the short words every sentence of a language is made of and the others' seldom are. Words
 * two of the languages share ("de", "la", "que", "es", "des", "en") are left out, so each word
 * counts for one language only. Undefined when the text does not say: too few of them, or two
 * languages close.
 */
const FUNCTION_WORDS: Record<Language, ReadonlySet<string>> = {
  en: new Set('the and of is was are were with that which has have had for from by this these it its an be been'.split(' ')),
  de: new Set(
    'der die das und ist nicht mit von eine einen einem dem den wurde wurden sind auf für sich ein im zum zur auch'.split(' '),
  ),
  fr: new Set('le les et est une du dans sur pour avec pas sont était ont qui au aux ce cette il elle été'.split(' ')),
  es: new Set('el los las y una del con por para fue son está sobre como más al ha han era su sus'.split(' ')),
};

export type Language = 'en' | 'de' | 'fr' | 'es';

/** Fewest function words for a text to say its language. */
export const MIN_FUNCTION_WORDS = 2;

export function languageOf(text: string): Language | undefined {
  const words = text.toLowerCase().match(/\p{L}+/gu) ?? [];
  const counts = (Object.keys(FUNCTION_WORDS) as Language[])
    .map((lang) => ({ lang, n: words.filter((w) => FUNCTION_WORDS[lang].has(w)).length }))
    .sort((a, b) => b.n - a.n);
  const [best, second] = [counts[0]!, counts[1]!];
  return best.n >= MIN_FUNCTION_WORDS && best.n >= 2 * second.n ? best.lang : undefined;
}
