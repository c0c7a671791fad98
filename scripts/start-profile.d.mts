// Types of start-profile.mjs (plain JavaScript: `npm start` runs it with Node alone).
export declare const FIRST_RUN_CARD: string;
export declare function withTempProfile<T>(
  use: (profile: string) => Promise<T>,
  options?: { parent?: string; signals?: NodeJS.Signals[] },
): Promise<T>;
