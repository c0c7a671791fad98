import type { StageName, TraceStage } from '../shared/trace-schema';

/** A stage's record without what the recorder fills in (name, start, duration). */
export type StageRecord = Omit<TraceStage, 'stage' | 'startedAt' | 'ms'>;

/** The prices a trace estimates cost with (the settings' `prices`). */
export interface Prices {
  inputPerMillion: number;
  outputPerMillion: number;
  searchPerCall: number;
}

/** Estimated cost in US dollars of a model call's tokens. */
export function cost(prices: Prices, tokensIn = 0, tokensOut = 0): number {
  return Math.round(((tokensIn * prices.inputPerMillion + tokensOut * prices.outputPerMillion) / 1e6) * 1e6) / 1e6;
}

/** Records each stage's timing and outcome as it runs; one recorder for answering and fact-checking. */
export class TraceRecorder {
  readonly stages: TraceStage[] = [];
  constructor(private readonly now: () => Date) {}

  /** Runs a stage and records it with its duration; a throw is recorded as a failed stage and rethrown. */
  async run<T>(stage: StageName, fn: () => Promise<T>, summarize: (value: T) => StageRecord): Promise<T> {
    const started = this.now();
    const t0 = performance.now();
    try {
      const value = await fn();
      this.stages.push({ stage, startedAt: started.toISOString(), ms: Math.round(performance.now() - t0), ...summarize(value) });
      return value;
    } catch (e) {
      this.stages.push({
        stage,
        startedAt: started.toISOString(),
        ms: Math.round(performance.now() - t0),
        ok: false,
        summary: e instanceof Error ? e.message : String(e),
      });
      throw e;
    }
  }

  /**
   * Records a stage decided without waiting (ms 0), or one whose work overlapped others (fact-check
   * claims run concurrently): then `timing` gives its start and the time until its last part ended.
   */
  add(stage: StageName, record: StageRecord, timing?: { startedAt: Date; ms: number }) {
    this.stages.push({
      stage,
      startedAt: (timing?.startedAt ?? this.now()).toISOString(),
      ms: Math.round(timing?.ms ?? 0),
      ...record,
    });
  }
}
