import { useState } from 'react';
import { callBackground } from '@/lib/messaging/client';
import type { TabChoice } from '@/lib/shared/records';
import type { PanelSession } from './use-panel-session';

/**
 * A follow-up in the thread: the answer shown is rewritten as a new question; when nothing could
 * be asked, the thread stays as it was, with its follow-up box, and the error above it.
 */
export function useFollowUp(session: PanelSession, tabs: TabChoice, windowId: () => number | undefined) {
  const [rewriting, setRewriting] = useState(false);
  const followUp = async (text: string): Promise<boolean> => {
    const { answer: previous, thread: earlier } = session;
    if (!previous) return false;
    setRewriting(true);
    const id = windowId();
    const started = await session.start(
      () => callBackground('followUp', { answerId: previous.id, text, tabs, ...(id === undefined ? {} : { windowId: id }) }),
      [...earlier, previous],
    );
    setRewriting(false);
    if (!started) {
      session.setThread(earlier);
      session.setAnswer(previous);
    }
    return started;
  };
  return { rewriting, followUp };
}
