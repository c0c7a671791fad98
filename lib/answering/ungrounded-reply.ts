import type { ChatModel } from '../model/chat-model';
import { ProviderError } from '../shared/provider-error';
import type { TraceRecorder } from '../run/trace';
import { ended, staged, type MayEnd } from './staged';

const NO_MODEL =
  'Spanlight answers from evidence it can show. This request was not searched, and without a model configured (Settings → Model) there is nothing to write it with.';

/**
 * The reply to a question that is not searched: the model's, written without evidence (traced as
 * "compose"), or without a model a sentence saying there is nothing to write it with. A model that
 * fails with a provider error ends the answer as unavailable.
 */
export async function ungroundedReply(question: string, model: ChatModel | null, trace: TraceRecorder): Promise<MayEnd<string>> {
  if (!model) return staged(NO_MODEL);
  try {
    const reply = await trace.run(
      'compose',
      () => model.complete({ system: 'Do what the user asks. Be brief.', user: question }),
      (r) => ({
        ok: true,
        summary: 'ungrounded reply (not searched)',
        ...(r.tokensIn === undefined ? {} : { tokensIn: r.tokensIn }),
        ...(r.tokensOut === undefined ? {} : { tokensOut: r.tokensOut }),
      }),
    );
    return staged(reply.text);
  } catch (e) {
    if (!(e instanceof ProviderError)) throw e;
    return ended({ mode: 'unavailable', failures: [e.failure], reason: e.failure.message, evidence: [] });
  }
}
