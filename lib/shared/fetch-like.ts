/** The fetch the stages and adapters use; tests and the CLI pass Node's, the extension the browser's. */
export type FetchLike = typeof fetch;
