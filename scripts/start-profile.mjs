// The throwaway browser profile of `npm start` (scripts/start.mjs): made in the system's temporary
// folder, and removed when the browser closes, when the script fails, or on Ctrl-C.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** What `npm start` waits for before its headless screenshot: the panel's first-run card, drawn. */
export const FIRST_RUN_CARD = 'section.welcome';

/**
 * Runs `use` with a fresh profile folder and removes the folder afterwards, whatever happens (the
 * script's own failure included); an interrupt (SIGINT, SIGTERM) removes it before exiting.
 */
export async function withTempProfile(use, { parent = tmpdir(), signals = ['SIGINT', 'SIGTERM'] } = {}) {
  const profile = mkdtempSync(path.join(parent, 'spanlight-start-'));
  const remove = () => rmSync(profile, { recursive: true, force: true });
  const onSignal = (signal) => {
    remove();
    process.exit(signal === 'SIGINT' ? 130 : 143);
  };
  for (const s of signals) process.once(s, onSignal);
  try {
    return await use(profile);
  } finally {
    for (const s of signals) process.off(s, onSignal);
    remove();
  }
}
