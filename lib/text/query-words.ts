import { STOPWORDS } from './tokens';

/**
 * Words a search query leaves out, in the four languages we speak: function words (articles,
 * pronouns, auxiliaries, prepositions, conjunctions), hedges ("reportedly", "about") and the words of
 * an attribution ("said", "according"). A search engine matches what a page is about; these words
 * are on every page, and an engine that needs every word of a query on the page is refused by them.
 */

/** English: the function words content matching drops (lib/text/tokens.ts), and these. */
const ENGLISH =
  `${[...STOPWORDS].join(' ')} ` +
  'doing having it’s whose he she his her him hers itself himself herself themselves us my me mine while ' +
  'during within without upon via per shall should may might must one’s onto off out up down because although ' +
  'though whether either neither yet however thus therefore moreover furthermore meanwhile currently presently ' +
  'now today recently still already reportedly allegedly apparently approximately around roughly nearly almost ' +
  'estimated likely possibly perhaps probably several many much various numerous certain including include ' +
  'includes included among amongst said says say told tells stated states added adds noted notes claimed ' +
  'claims according wrote writes explained according became become becomes remained remains well known called ' +
  'named e.g i.e etc don’t doesn’t didn’t isn’t aren’t wasn’t weren’t won’t wouldn’t can’t couldn’t shouldn’t ' +
  'hasn’t haven’t hadn’t';
const GERMAN =
  'der die das des dem den ein eine einer eines einem einen und oder aber ist sind war waren wird werden wurde wurden ' +
  'hat haben hatte hatten sein seine ihr ihre es er sie wir ich nicht mit von zu zum zur im in an am auf aus bei für ' +
  'über unter nach vor durch als auch noch schon sehr wie so dass daß sich dieser diese dieses jener etwa rund ' +
  'ungefähr zirka fast knapp derzeit aktuell heute sagte sagt erklärte laut zufolge sowie bis seit gegen ohne um';
const FRENCH =
  'le la les l un une des du de d et ou mais est sont était étaient été sera ont a avait avaient il elle ils elles on ' +
  'nous je ce cet cette ces son sa ses leur leurs qui que qu dont où dans sur sous pour par avec sans entre vers chez ' +
  'au aux en ne pas plus se s y environ près presque quelque actuellement aujourd’hui encore selon déclaré dit ' +
  'a-t-il également aussi comme';
const SPANISH =
  'el la los las lo un una unos unas y o pero es son era eran fue fueron será ha han había habían está están estaba ' +
  'él ella ellos ellas nosotros yo se su sus este esta estos estas ese esa que quien cual donde en sobre bajo para ' +
  'por con sin entre hacia desde hasta al del de como más muy casi cerca alrededor aproximadamente unos actualmente ' +
  'hoy todavía según dijo afirmó también';

/** Lower-cased words a query leaves out. */
export const QUERY_WORDS_DROPPED: ReadonlySet<string> = new Set(
  [ENGLISH, GERMAN, FRENCH, SPANISH].flatMap((list) => list.split(' ')),
);
