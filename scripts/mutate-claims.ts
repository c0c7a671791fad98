/**
 * Mutation check of the claim finder's rules (scripts/mutation-check.ts runs it): how sentences are
 * mended, what is left out and why, how a claim is made to stand alone and its relative times made
 * absolute. Each rule is taken out in turn and the unit tests of those folders are run.
 *
 *   npx tsx scripts/mutate-claims.ts [--check]
 */
import { runMutationCheck, type Mutation } from './mutation-check';

const SENTENCES = 'lib/text/sentences.ts';
const LEFT_OUT = 'lib/factcheck/left-out.ts';
const STANDALONE = 'lib/standalone/standalone.ts';
const TIMES = 'lib/dates/relative-times.ts';

/** A language rule of left-out.ts: the line that returns `reason`, taken out. */
const leftOut = (reason: string, line: string): Mutation => ({
  family: `left out by language: ${reason}`,
  file: LEFT_OUT,
  from: line,
  to: '',
});
/** A markup role no longer read as what it is (RoleIndex's order of roles). */
const ROLES = "const order: MarkupRole[] = ['code', 'heading', 'caption', 'byline', 'dateline', 'bio'];";
const withoutRole = (role: string): Mutation => ({
  family: `left out by markup: ${role}`,
  file: LEFT_OUT,
  from: ROLES,
  to: ROLES.replace(`'${role}', `, '').replace(`, '${role}']`, ']'),
});
/** One language's relative times, not read. */
const withoutTimes = (lang: string): Mutation => ({
  family: `relative times in ${lang}`,
  file: TIMES,
  from: 'for (const rule of RULES[lang]) {',
  to: `for (const rule of lang === '${lang}' ? [] : RULES[lang]) {`,
});

const MUTATIONS: Mutation[] = [
  {
    family: 'a title or abbreviation before a name or number (Mr. Gale, No. 5)',
    file: SENTENCES,
    from: 'if (BEFORE_A_NAME.has(last)) return true;',
    to: '',
  },
  {
    family: 'a German ordinal before a month (am 3. Oktober)',
    file: SENTENCES,
    from: 'if (/^\\d{1,2}$/.test(last) && GERMAN_MONTHS.test(next)) return true;',
    to: '',
  },
  { family: 'a lone lowercase letter (z. B.)', file: SENTENCES, from: 'if (/^\\p{Ll}$/u.test(last)) return true;', to: '' },
  {
    family: 'an aside in brackets after a dotted abbreviation goes on (8:51 p.m. (1451 GMT) from…)',
    file: SENTENCES,
    from: "if (after.startsWith('(') && /\\./.test(last)) return true;",
    to: '',
  },
  {
    family: 'an initial or dotted abbreviation goes on into a name (William G. Gale, U.S. Embassy)',
    file: SENTENCES,
    from: 'return /^\\p{Lu}/u.test(next) && !OPENERS.has(next);',
    to: 'return false;',
  },
  {
    family: 'a sentence opener after an abbreviation starts a sentence (in the U.S. He said)',
    file: SENTENCES,
    from: 'return /^\\p{Lu}/u.test(next) && !OPENERS.has(next);',
    to: 'return /^\\p{Lu}/u.test(next);',
  },
  {
    family: 'a quotation and its attribution are one sentence (“Why?” he asked)',
    file: SENTENCES,
    from: '|| startsInside(after)',
    to: '',
  },
  {
    family: 'no join across a line break',
    file: SENTENCES,
    from: 'if (prev && sameLine(text, prev[1] - offset, span[0] - offset))',
    to: 'if (prev)',
  },
  leftOut('code', "if (looksLikeCode(s)) return 'code';"),
  leftOut('dateline', "if (short && DATELINE_WORDS.test(s) && TIME_OR_DATE.test(s)) return 'dateline';"),
  leftOut('byline', "if (short && (BYLINE_START.test(s) || BYLINE_ROLES.test(s))) return 'byline';"),
  leftOut('caption and credit', "if (s.length <= 300 && CREDIT.test(s)) return 'caption';"),
  leftOut('author bio', "if (place.at >= 1 - BIO_TAIL && BIO.test(s)) return 'bio';"),
  leftOut('heading', "if (looksLikeHeading(s, place.paragraph)) return 'heading';"),
  leftOut('question', "if (QUESTION.test(s)) return 'question';"),
  leftOut('instruction', "if (INSTRUCTION.test(s)) return 'instruction';"),
  leftOut('dialogue in fiction', "if (place.fiction && QUOTED.test(s)) return 'dialogue';"),
  leftOut('fragment', "if (s.length < MIN_CHARS || s.split(' ').length < MIN_WORDS || s.length > MAX_CHARS) return 'fragment';"),
  withoutRole('code'),
  withoutRole('heading'),
  withoutRole('caption'),
  withoutRole('byline'),
  withoutRole('dateline'),
  withoutRole('bio'),
  {
    family: 'a pronoun or bare reference becomes the name it stands for',
    file: STANDALONE,
    from: 'edits.push({ start: ref.start, end: ref.end, to, kind: ref.kind });',
    to: '',
  },
  {
    family: 'a surname becomes the full name of its first mention',
    file: STANDALONE,
    from: 'edits.push(...surnameEdits(page, claim, names, start, edits));',
    to: '',
  },
  {
    family: 'a title before a surname goes with it (Mr. Reeves → Rachel Reeves)',
    file: STANDALONE,
    from: 'const title = courtesyTitleBefore(claim.slice(0, at));',
    to: "const title = '';",
  },
  {
    family: 'a statement demonstrative takes in the sentence before (This resulted in…)',
    file: STANDALONE,
    from: 'standalone = `${statement.standalone} ${standalone}`;',
    to: '',
  },
  {
    family: 'relative times made absolute from the page’s date',
    file: STANDALONE,
    from: 'let standalone = times.text;',
    to: 'let standalone = out;',
  },
  {
    family: 'a relative time on an undated page needs context',
    file: STANDALONE,
    from: 'if (times.unresolved) needsContext = true;',
    to: '',
  },
  {
    family: 'the speaker of a quotation',
    file: STANDALONE,
    from: 'const speaker = speakerOf(page, times.text, index - 1, start);',
    to: 'const speaker = undefined as string | undefined;',
  },
  {
    family: 'a pronoun in quoted words stays as written',
    file: STANDALONE,
    from: '} else if (ref && insideQuotation(claim, ref.start)) {',
    to: '} else if (ref && false) {',
  },
  {
    family: 'a pronoun that speaks goes on with the speaker before (…, Roscosmos said. It said…)',
    file: STANDALONE,
    from: 'const found = speakerBefore(page, text, index, claim, ref) ?? antecedent(',
    to: 'const found = antecedent(',
  },
  {
    family: 'a name keeps the article the page writes it with (The Xbox One X)',
    file: STANDALONE,
    from: "let to = ref.write(page.lang === 'en' && writtenWithThe(page, text, found.name) ? `the ${found.name}` : found.name);",
    to: 'let to = ref.write(found.name);',
  },
  {
    family: 'a gendered pronoun is never a person the page gave the other gender',
    file: 'lib/standalone/page.ts',
    from: "    !(ref.gender && e.kind === 'person' && ref.gender !== (e.gender ?? genderOf(page, e.name) ?? ref.gender)) &&",
    to: '',
  },
  {
    family: 'a title says a person\'s gender (Mrs. Ward is no "he")',
    file: 'lib/standalone/page.ts',
    from: 'if (gender) page.titled.set(entityOf(page, name, start).name, gender);',
    to: '',
  },
  {
    family: 'a bare reference looks back only to a name that says what it is (the movie is no festival)',
    file: 'lib/standalone/page.ts',
    from: "if (ref.noun && !m.name.toLowerCase().split(' ').includes(ref.noun)) continue;",
    to: '',
  },
  {
    family: 'a name before a noun describes it (Obama administration officials said… They)',
    file: 'lib/standalone/page.ts',
    from: 'const modifier = nounAfter(page, sentence.slice(at + name.length));',
    to: 'const modifier = false;',
  },
  {
    family: '"it" looks back past the subjects only to a name written twice (not the American Academy of Allergy)',
    file: 'lib/standalone/page.ts',
    from: "if (ref.kind === 'pronoun' && ref.fit !== 'person' && m.seen < 2) continue;",
    to: '',
  },
  {
    family: 'a hyphenated word opens no introduction (On-call engineers…)',
    file: 'lib/standalone/references.ts',
    from: ".match(/^\\p{L}+(?:[-‐'’]\\p{L}+)*/u)",
    to: '.match(/^\\p{L}+/u)',
  },
  {
    family: 'a pronoun past the introduction is inside the main clause (told us it takes…)',
    file: 'lib/standalone/references.ts',
    from: "if (ref.kind === 'pronoun' && inMainClause(before, lex)) return { ...ref, unresolvable: true };",
    to: '',
  },
  {
    family: 'a clause with its own subject says whom its pronoun means (When the application…, it)',
    file: 'lib/standalone/references.ts',
    from: 'if (ownSubject(before, firstWord, lex)) return null;',
    to: '',
  },
  {
    family: '"his" after a name and before any other says its gender (Marco Arment has earned his success)',
    file: 'lib/standalone/page.ts',
    from: 'const span = sentence.slice(own.at, next ? next.at : sentence.length);',
    to: "const span = '';",
  },
  {
    family: 'a final year is no relative time (her whole last year of uni)',
    file: TIMES,
    from: 'const OWN = String.raw`(?<!(?:the|a|an|his|her|my|our|their|its|your|whole|entire|final)\\s)`;',
    to: 'const OWN = String.raw`(?<!the\\s)`;',
  },
  {
    family: 'a name after a place and a comma is a person when its verb follows (in Barcelona, Cristina Gil Lladanosa tears…)',
    file: 'lib/standalone/names.ts',
    from: '&& endsPlace(page, text.slice(s + at + name.length, e));',
    to: ';',
  },
  {
    family: 'a place phrase goes on after a preposition (in Brooklyn, New York on 2 October)',
    file: 'lib/standalone/names.ts',
    from: "return !/^\\p{Ll}/u.test(next) || page.lex.intro.has(next) || page.lex.locative.has(next) || next === 'and' || next === 'or';",
    to: 'return !/^\\p{Ll}/u.test(next);',
  },
  {
    family: "an owner and what it owns is a thing (Haoyu's Chinese comics)",
    file: 'lib/standalone/names.ts',
    from: "if (/\\p{L}['’]s\\s/u.test(name)) return 'thing';",
    to: '',
  },
  {
    family: '"It is possible for…" stands for nothing',
    file: 'lib/standalone/lexicon.ts',
    from: "|^it(?:['’]s|\\s+(?:is|was|has been|had been|will be|would be|seems|seemed))\\s+(?:\\p{L}+\\s+)?(?:possible|impossible|necessary|unnecessary|important|easy|hard|difficult|likely|unlikely|clear|worth|best|better|safe|wise|common|rare|usual|normal)\\s+for\\s",
    to: '',
  },
  {
    family: 'a pronoun never stands for a name its own sentence writes',
    file: 'lib/standalone/page.ts',
    from: '    !namedHere(e) &&',
    to: '    true &&',
  },
  {
    family: 'a pronoun in an opening clause means the subject named after it (As she…, Cyd unwinds)',
    file: STANDALONE,
    from: '} else if (ref && cataphoric(page, claim, ref, names)) {',
    to: '} else if (ref && false) {',
  },
  {
    family: '"they" is plural: no singular name in passing',
    file: 'lib/standalone/page.ts',
    from: "    (!ref.plural || page.lang === 'de' || PLURAL_NAME.test(e.name) || e === page.subject);",
    to: '    true;',
  },
  {
    family: 'an "it", "they" or "il" is read with a sentence before that holds a noun phrase',
    file: STANDALONE,
    from: "(ref.fit !== 'person' && hasNounPhrase(page, text, index - 1))",
    to: 'false',
  },
  {
    family: 'a lone name widens only to a full name written before it (Alden, not Other Alden)',
    file: 'lib/standalone/page.ts',
    from: '  const full = known && known.start < at ? known.name : name;',
    to: '  const full = known ? known.name : name;',
  },
  {
    family: 'a common word opening a sentence stays in a name the page writes (New Zealand English)',
    file: 'lib/standalone/lexicon.ts',
    from: '      const written = k + 1 < tokens.length && namePairs.has(`${t.text} ${tokens[k + 1]!.text}`);',
    to: '      const written = false;',
  },
  {
    family: 'a name opening with a place of two words is a thing (New Zealand Sign Language)',
    file: 'lib/standalone/names.ts',
    from: "  for (let k = 2; k < words.length; k++) if (page.places.has(words.slice(0, k).join(' '))) return 'thing';",
    to: '',
  },
  {
    family: 'a word with a contracted verb is no antecedent (I’m, They’re)',
    file: 'lib/standalone/page.ts',
    from: "if (verb && verb.toLowerCase() !== 's') continue;",
    to: '',
  },
  {
    family: 'a full name inside another is one person (Enter Stuart R. Kaplan)',
    file: 'lib/standalone/names.ts',
    from: 'const within = known && (',
    to: 'const within = false && (',
  },
  {
    family: 'after a verb in -ing/-ed, "it" or a possessive is its object',
    file: 'lib/standalone/references.ts',
    from: "if (lang === 'en' && VERB_THEN_OBJECT.test(before) && !/^(?:he|she|they)\\b/iu.test(sentence.slice(at))) continue;",
    to: '',
  },
  withoutTimes('en'),
  withoutTimes('de'),
  withoutTimes('fr'),
  withoutTimes('es'),
];

runMutationCheck('scripts/mutate-claims.ts', MUTATIONS, [
  'test/unit/text',
  'test/unit/factcheck',
  'test/unit/standalone',
  'test/unit/dates',
]);
