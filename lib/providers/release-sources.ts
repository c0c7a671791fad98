/**
 * The keyless release sources Spanlight asks for "What is the latest release of X?" (lib/releases),
 * in the options page's order: the one list. Adding one is its id here, its source
 * (lib/releases/<name>.ts) in lib/releases/registry.ts, and its `releaseSource<Id>` message.
 */
export const RELEASE_SOURCE_IDS = ['endoflife', 'npm', 'pypi', 'crates', 'github'] as const;

export type ReleaseSourceId = (typeof RELEASE_SOURCE_IDS)[number];
