import { useEffect } from 'react';
import { browser } from 'wxt/browser';
import { callBackground } from '@/lib/messaging/client';
import { PENDING_QUESTION_KEY, takePendingQuestion, type PendingQuestion } from '@/lib/messaging/pending-question';
import type { TabChoice } from '@/lib/shared/records';
import type { TabsPolicy } from '@/lib/settings';
import type { PanelSession } from './use-panel-session';

/** What the panel does as it opens, and what it is told to do then. */
interface PanelStart extends Pick<PanelSession, 'restore' | 'jobIdRef'> {
  askQuestion: (question: string, choice: TabChoice) => unknown;
  setQuestion: (question: string) => void;
  setTabs: (choice: TabChoice) => void;
  setTabsPolicy: (policy: TabsPolicy) => void;
}

/**
 * As the panel opens: Settings → Privacy sets the per-question tab choice; then a question left by
 * the context menu is asked (also one left while the panel is open), or else the job a previous
 * panel was showing is shown again.
 */
export function usePanelStart({ askQuestion, restore, jobIdRef, setQuestion, setTabs, setTabsPolicy }: PanelStart) {
  useEffect(() => {
    let alive = true;
    const handled = new Set<string>();
    let choice: TabChoice = 'none';
    const askPending = (p: PendingQuestion) => {
      if (handled.has(p.at)) return;
      handled.add(p.at);
      setQuestion(p.question);
      void askQuestion(p.question, choice);
    };
    void (async () => {
      const settings = await callBackground('getSettings', {});
      if (settings.ok) {
        setTabsPolicy(settings.value.tabsPolicy);
        choice = settings.value.tabsPolicy === 'always' ? 'window' : 'none';
        setTabs(choice);
      }
      const pending = await takePendingQuestion(browser.storage.session, Date.now()).catch(() => null);
      if (!alive) return;
      if (pending) return askPending(pending);
      const latest = await callBackground('latestJob', {});
      if (alive && latest.ok && latest.value && jobIdRef.current === null)
        await restore(latest.value.job, latest.value.answer, setQuestion);
    })();
    const onChanged = (changes: Record<string, { newValue?: unknown }>, area: string) => {
      if (area !== 'session' || changes[PENDING_QUESTION_KEY]?.newValue === undefined) return;
      void takePendingQuestion(browser.storage.session, Date.now()).then((p) => p && askPending(p));
    };
    browser.storage.onChanged.addListener(onChanged);
    return () => {
      alive = false;
      browser.storage.onChanged.removeListener(onChanged);
    };
  }, [askQuestion, restore, jobIdRef, setQuestion, setTabs, setTabsPolicy]);
}
