/** One completion request: the stages build the prompt, the model only writes. */
export interface ChatRequest {
  system: string;
  user: string;
  /** Called with each streamed piece of text, when the endpoint streams. */
  onDelta?: (text: string) => void;
  signal?: AbortSignal;
  /** Ask for JSON matching this schema, in whatever way the endpoint supports (see capabilities.ts). */
  json?: { name: string; schema: Record<string, unknown> };
}

export interface ChatReply {
  text: string;
  tokensIn?: number;
  tokensOut?: number;
}

/** A chat model behind one function: OpenAI-compatible endpoints, later Chrome's built-in model. */
export interface ChatModel {
  /** Name for traces and messages, e.g. "gpt-4o-mini at api.openai.com". */
  name: string;
  complete(request: ChatRequest): Promise<ChatReply>;
}
