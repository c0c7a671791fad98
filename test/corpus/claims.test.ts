import { beforeAll, describe, expect, it } from 'vitest';
import { parseHTML } from 'linkedom';
import { pageClaims, type CheckableClaim } from '@/lib/factcheck/page-claims';
import { corpusNames, corpusText, HAS_CORPUS, loadPage } from './corpus';

// Issue 32's acceptance on the 98 corpus pages: the claims the code finds end where sentences end,
// none is a caption, byline, dateline, author bio, heading or code line, and few start with a bare
// reference (each of those marked as needing context). The oracle is independent of the rules under
// test: Readability's own expected output (`expected.html`) says which texts are captions, headings
// and code; the next sentence's first word, capitalised elsewhere in the middle of a sentence, says
// a cut fell before a name. `npx vitest run test/corpus/claims.test.ts --reporter=verbose` prints
// the figures.

const NOW = new Date('2026-11-30T12:00:00Z');

interface PageResult {
  name: string;
  text: string;
  claims: CheckableClaim[];
  /** Texts Readability's expected output marks as captions, headings or code, as compared. */
  marked: Array<{ role: string; text: string }>;
}

const comparable = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** The texts of `expected.html`'s captions, headings, code blocks and addresses. */
function markedTexts(expectedHtml: string): PageResult['marked'] {
  const { document } = parseHTML(`<!doctype html><html><body>${expectedHtml}</body></html>`);
  const roles: Array<[string, string]> = [
    ['caption', 'figcaption, caption'],
    ['heading', 'h1, h2, h3, h4, h5, h6'],
    // A block of code: preformatted text with code's symbols, or short; a long preformatted block of prose (a plain-text RFC) is a document.
    ['code', 'pre'],
    ['byline', 'address'],
  ];
  const out: PageResult['marked'] = [];
  for (const [role, sel] of roles)
    for (const el of Array.from(document.querySelectorAll(sel)) as Element[]) {
      const raw = el.textContent ?? '';
      const text = comparable(raw);
      if (role === 'code' && raw.length > 1_500 && (raw.match(/[{}();=<>$]/g)?.length ?? 0) / raw.length < 0.02) continue;
      if (text.split(' ').length >= 3) out.push({ role, text });
    }
  return out;
}

/** Titles and abbreviations that never end a sentence, in the four languages. */
const NEVER_LAST =
  /(?:^|\s)(Mr|Mrs|Ms|Dr|Prof|St|Jr|Gen|Gov|Sen|Rep|Lt|Col|Capt|Sgt|Rev|No|Nr|z\. ?B|d\. ?h|Mme|Mlle|Sra|Srta|Dña)\.$/u;

/** Capitalised words standing in the middle of a sentence somewhere in the text: names. */
function namesOf(text: string): Set<string> {
  return new Set([...text.matchAll(/[\p{Ll},] (\p{Lu}[\p{Ll}’'-]+)/gu)].map((m) => m[1]!));
}

const pages: PageResult[] = [];

beforeAll(async () => {
  if (!HAS_CORPUS) return;
  for (const name of corpusNames()) {
    const page = await corpusText(name, NOW);
    pages.push({ name, text: page.text, claims: pageClaims(page).claims, marked: markedTexts(loadPage(name).expected) });
  }
}, 240_000);

describe.skipIf(!HAS_CORPUS)('claims on the 98 corpus pages (issue 32)', () => {
  it('no claim ends with a title, an abbreviation or an initial before a name', () => {
    const cut: string[] = [];
    for (const p of pages) {
      const names = namesOf(p.text);
      for (const c of p.claims) {
        const s = c.sentence.trimEnd();
        const next = /^\s*[“"'‘(]*(\p{Lu}[\p{Ll}’'-]+)/u.exec(p.text.slice(c.end, c.end + 40))?.[1];
        const initial = /(?:^|\s)(\p{Lu}|\p{L}{1,3}(?:\.\p{L}{1,3})+)\.$/u.test(s) && next !== undefined && names.has(next);
        if (NEVER_LAST.test(s) || initial) cut.push(`${p.name}: …${s.slice(-60)} | ${next ?? ''}`);
      }
    }
    expect(cut).toEqual([]);
  });

  it('no caption, heading, code line or address (as Readability marks them), byline, dateline or bio among the claims', () => {
    const found: string[] = [];
    for (const p of pages) {
      for (const c of p.claims) {
        const s = comparable(c.sentence);
        const mark = p.marked.find((m) => m.text === s || (s.length >= 20 && m.text.includes(s)));
        const line = c.sentence.trim();
        const byline = /^(By|Von|Par|Por) \p{Lu}\p{Ll}+ \p{Lu}/u.test(line) && line.length < 120;
        const dateline = /\b(Published|Updated|Posted)\b.{0,40}\b\d{1,2}:\d{2}\b/i.test(line) && line.length < 160;
        const bio = /\bjoined\b.{0,60}\bas an? \w*\s?(writer|reporter|editor|correspondent)\b/i.test(line);
        const kind = mark?.role ?? (byline ? 'byline' : dateline ? 'dateline' : bio ? 'bio' : undefined);
        if (kind) found.push(`${p.name} [${kind}]: ${line.slice(0, 100)}`);
      }
    }
    expect(found).toEqual([]);
  });

  // At most 3% of all claims open with a bare reference in their standalone form, and every one left
  // is marked as needing context (so it ranks after the claims that stand alone).
  it('claims starting with a bare pronoun or reference: at most 3% in their standalone form, each one needing context', () => {
    // "It" as an expletive ("It seems that…", "It is unknown whether…", "It was the first time…")
    // refers to nothing: not a reference.
    const EXPLETIVE =
      /^It(?: is|['’]s| was| seems| seemed| appears| remains)\s+(?:(?:\p{Ll}+\s+){0,4}?(?:that|whether|if|how|why|when|since|to)|the (?:first|last|only) time)\b/u;
    // A demonstrative counts only standing alone (before a verb, an auxiliary or punctuation):
    // "This vulnerability…" names what it points to; "This led to…" does not.
    const BARE =
      /^(?:(He|She|It|It’s|It's|They|His|Her|Its|Their|The (company|band|group|firm|team|city|film|album|party)|Er|Sie|Es|Il|Elle|Ils|Elles|Él|Ella|Ellos)\b|(This|That)(?=['’]|\s*[,;:—–]|\s+(?:\p{Ll}+ly\s+)?(?:is|was|has|had|will|would|can|could|may|might|must|should|does|did|isn['’]t|wasn['’]t|doesn['’]t|led|set|made|meant|became|took|gave|came|put|left|brought|\p{Ll}*[^su\s]s|\p{Ll}+ed)\b)|(These|Those)(?=['’]|\s*[,;:—–]|\s+(?:\p{Ll}+ly\s+)?(?:are|were|have|had|will|would|can|could|may|might|must|should|do|did|led|made|meant|became|took|gave|came|put|left|brought|\p{Ll}+ed)\b))/u;
    const all = pages.flatMap((p) => p.claims);
    const isBare = (s: string) => BARE.test(s) && !EXPLETIVE.test(s);
    const bareSentences = all.filter((c) => isBare(c.sentence.trim()));
    const bare = all.filter((c) => isBare(c.text));
    const unmarked = bare.filter((c) => !c.needsContext).map((c) => c.text.slice(0, 100));
    const share = (n: number) => `${((100 * n) / all.length).toFixed(1)}%`;
    console.log(
      `${all.length} claims on ${pages.length} pages; sentences opening with a bare reference ${bareSentences.length} (${share(bareSentences.length)}), standalone forms ${bare.length} (${share(bare.length)}; the acceptance asks ≤ 3%), ${unmarked.length} of them not marked needsContext`,
    );
    expect(bare.length).toBeLessThanOrEqual(0.03 * all.length);
    expect(unmarked).toEqual([]);
  });
});
