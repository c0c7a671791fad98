/**
 * Titles written before a person's name (English, German, French, Spanish): the one home of which
 * words are titles, which gender each says, and which a full name replaces before a surname.
 */
import type { Gender } from './lexicon';

interface Title {
  /** The gender the title says; none for "Dr". */
  gender?: Gender;
  /** A courtesy title ("Mr. Reeves"), which the full name replaces; a title of rank ("Sir", "Lady") is part of how a person is called. */
  courtesy: boolean;
}

const TITLES: Readonly<Record<string, Title>> = {
  Mr: { gender: 'm', courtesy: true },
  Mrs: { gender: 'f', courtesy: true },
  Ms: { gender: 'f', courtesy: true },
  Miss: { gender: 'f', courtesy: true },
  Dr: { courtesy: true },
  Herr: { gender: 'm', courtesy: true },
  Frau: { gender: 'f', courtesy: true },
  // "M." is French for Monsieur, but at a name's head it is as often an initial ("M. Night Shyamalan").
  M: { courtesy: true },
  Monsieur: { gender: 'm', courtesy: true },
  Mme: { gender: 'f', courtesy: true },
  Madame: { gender: 'f', courtesy: true },
  Sr: { gender: 'm', courtesy: true },
  Sra: { gender: 'f', courtesy: true },
  Sir: { gender: 'm', courtesy: false },
  Lord: { gender: 'm', courtesy: false },
  Lady: { gender: 'f', courtesy: false },
  Dame: { gender: 'f', courtesy: false },
};

const words = (keep: (t: Title) => boolean) =>
  Object.keys(TITLES)
    .filter((w) => keep(TITLES[w]!))
    .join('|');

/** A gendered title ending a text, right before a name ("… Mrs. ", "… Frau "); group 1 is the title. */
const GENDERED_AT_END = new RegExp(`(?<!\\p{L})(${words((t) => t.gender !== undefined)})\\.?\\s$`, 'u');

/** A courtesy title ending a text, right before a surname ("… Mr. "). */
const COURTESY_AT_END = new RegExp(`(?<!\\p{L})(?:${words((t) => t.courtesy)})\\.?\\s$`, 'u');

/** The gender said by a title that ends `before`, the text right before a name ("… Mrs. "), if any. */
export function titleGenderBefore(before: string): Gender | undefined {
  const title = GENDERED_AT_END.exec(before)?.[1];
  return title ? TITLES[title]!.gender : undefined;
}

/** The courtesy title (with its dot and space) that ends `before`, or ''. */
export function courtesyTitleBefore(before: string): string {
  return COURTESY_AT_END.exec(before)?.[0] ?? '';
}
