/**
 * A label-answering judge: a test double of the model that answers the dev labels through the real
 * judge prompt and reply schema (lib/verdict/judge.ts), passage by passage, quoting word for word;
 * optionally wrong on a seeded share of the items. With it the tests and `spanlight eval --judge`
 * measure what the code keeps of a good model's reading and lets through of a bad one.
 */
import type { ChatModel, ChatRequest } from '../model/chat-model';

/** What a person's label says one passage does for one claim. */
export type PassageLabel = 'supports' | 'contradicts' | 'neither';

/** A claim and its passages as the judge's prompt numbers them: "Item 1\nClaim: …\n[S3] text". */
export function itemsInJudgePrompt(
  user: string,
): Array<{ item: number; claim: string; spans: Array<{ id: string; text: string }> }> {
  return [...user.matchAll(/^Item (\d+)\nClaim: (.*)\n((?:\[[^\]\s]+\] .*(?:\n|$))*)/gm)].map((m) => ({
    item: Number(m[1]),
    claim: m[2]!,
    spans: [...m[3]!.matchAll(/^\[([^\]\s]+)\] (.*)$/gm)].map((x) => ({ id: x[1]!, text: x[2]! })),
  }));
}

const keyText = (s: string) => s.normalize('NFC').replace(/\s+/g, ' ').trim().toLowerCase();

/** The labels by claim, then by passage text (both compared with their spacing and case evened out). */
export class LabelBook {
  private readonly byClaim = new Map<string, Map<string, PassageLabel>>();

  add(claim: string, passage: string, label: PassageLabel): this {
    const k = keyText(claim);
    const passages = this.byClaim.get(k) ?? new Map<string, PassageLabel>();
    passages.set(keyText(passage), label);
    this.byClaim.set(k, passages);
    return this;
  }

  /**
   * The label of a passage for a claim: its own, or, for a passage the code shortened (sanitised),
   * the label of the labelled passage that holds it; undefined when the labels do not know it.
   */
  label(claim: string, passage: string): PassageLabel | undefined {
    const passages = this.byClaim.get(keyText(claim));
    if (!passages) return undefined;
    const p = keyText(passage);
    const own = passages.get(p);
    if (own) return own;
    for (const [text, label] of passages) if (p.length >= 20 && (text.includes(p) || p.includes(text))) return label;
    return undefined;
  }
}

/** A number in [0, 1) from a string and a seed (FNV-1a, then a final mix): the same item, the same draw. */
export function seededDraw(seed: number, s: string): number {
  let h = (2166136261 ^ seed) >>> 0;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619) >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 2246822507) >>> 0;
  h ^= h >>> 13;
  return (h >>> 0) / 4294967296;
}

/** The answer a wrong judge gives instead of the label: support where there is none, contradiction of a supporting passage. */
const WRONG: Record<PassageLabel, PassageLabel> = { supports: 'contradicts', contradicts: 'supports', neither: 'supports' };

/** Words of a passage the double quotes (word for word, from its start). */
const QUOTE_WORDS = 24;

export interface LabelJudgeOptions {
  /** Share of (claim, passage) items answered wrongly (0 by default), drawn with `seed`. */
  wrongShare?: number;
  seed?: number;
  /**
   * Reply as the judge's earlier schema did, one verdict per claim (`{"item","verdict","span","quote"}`):
   * its first supporting passage, else its first contradicting one, else "neither". For measuring
   * the reading before verdicts per passage.
   */
  oneVerdictPerClaim?: boolean;
}

/** What the double said, item by item, for the eval's counts. */
export interface LabelJudgeLog {
  /** Every (claim, passage) it read: its label (undefined when unknown), what it said, whether that was a seeded error. */
  said: Array<{ claim: string; passage: string; label: PassageLabel | undefined; answer: PassageLabel; wrong: boolean }>;
  calls: number;
}

/** The label-answering judge as a ChatModel; `log` records what it said. */
export function labelJudge(book: Pick<LabelBook, 'label'>, options: LabelJudgeOptions = {}): ChatModel & { log: LabelJudgeLog } {
  const share = options.wrongShare ?? 0;
  const seed = options.seed ?? 1;
  const log: LabelJudgeLog = { said: [], calls: 0 };
  return {
    name: share > 0 ? `a label-answering judge wrong on ${Math.round(share * 100)}% (seed ${seed})` : 'a label-answering judge',
    log,
    async complete(request: ChatRequest) {
      log.calls++;
      const verdicts = itemsInJudgePrompt(request.user).map((it) => {
        const entry: Record<'supports' | 'contradicts', Array<{ span: string; quote: string }>> & { item: number } = {
          item: it.item,
          supports: [],
          contradicts: [],
        };
        for (const s of it.spans) {
          const label = book.label(it.claim, s.text);
          const wrong = share > 0 && seededDraw(seed, `${it.claim}\n${s.text}`) < share;
          const answer = wrong ? WRONG[label ?? 'neither'] : (label ?? 'neither');
          log.said.push({ claim: it.claim, passage: s.text, label, answer, wrong });
          const quote = s.text.split(/\s+/).slice(0, QUOTE_WORDS).join(' ');
          if (answer !== 'neither') entry[answer].push({ span: s.id, quote });
        }
        if (!options.oneVerdictPerClaim) return entry;
        const first = entry.supports[0] ?? entry.contradicts[0];
        if (!first) return { item: it.item, verdict: 'neither' };
        return { item: it.item, verdict: entry.supports[0] ? 'supports' : 'contradicts', ...first };
      });
      const text = JSON.stringify({ verdicts });
      return { text, tokensIn: Math.ceil(request.user.length / 4), tokensOut: Math.ceil(text.length / 4) };
    },
  };
}
