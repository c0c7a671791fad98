import { browser } from 'wxt/browser';
import { defineContentScript } from 'wxt/utils/define-content-script';
import { contentCalls } from '@/lib/messaging/protocol';
import { createMessageListener } from '@/lib/messaging/server';
import { clearHighlights, highlightQuote } from '@/lib/anchor/highlight';

const MAX_HTML = 5_000_000;

// Registered at run time, not in the manifest: the background injects it into a tab only when
// Spanlight reads that tab or jumps to a passage in it.
export default defineContentScript({
  matches: ['<all_urls>'],
  registration: 'runtime',
  main(ctx) {
    const flag = '__spanlightContent';
    const w = window as unknown as Record<string, unknown>;
    if (w[flag]) return; // injected twice: the first listener serves
    w[flag] = true;
    const listener = createMessageListener({
      channel: 'spanlight:content',
      calls: contentCalls,
      // Only our own background may call; it sends without a tab.
      allowSender: (sender) => sender.id === browser.runtime.id && !sender.tab,
      handlers: {
        readPage: async () => ({
          url: location.href,
          title: document.title,
          html: document.documentElement.outerHTML.slice(0, MAX_HTML),
        }),
        highlight: async (p) => highlightQuote(document, p),
        clearHighlights: async () => ({ cleared: clearHighlights() }),
      },
    });
    browser.runtime.onMessage.addListener(listener);
    ctx.onInvalidated(() => {
      browser.runtime.onMessage.removeListener(listener);
      clearHighlights();
      w[flag] = false;
    });
  },
});
