import { browser } from 'wxt/browser';
import { defineContentScript } from 'wxt/utils/define-content-script';
import { config } from 'zod/mini';
import { createContentListener } from '@/lib/messaging/content-listener';
import { clearHighlights, disposeHighlights, highlightWhenReady } from '@/lib/anchor/highlight';
import { clearClaimMarks, markClaims, scrollToClaim } from '@/lib/anchor/mark-claims';
import { MAX_PAGE_HTML_CHARS } from '@/lib/pages/page-limit';

// Registered at run time, not in the manifest: nothing of Spanlight runs in a page until the
// background injects this script, when Spanlight reads that tab or jumps to a passage in it.
export default defineContentScript({
  matches: ['<all_urls>'],
  registration: 'runtime',
  main(ctx) {
    // Pages' CSP forbids eval here: zod would try `new Function` once and log a refusal in the page.
    config({ jitless: true });
    const flag = '__spanlightContent';
    const w = window as unknown as Record<string, unknown>;
    if (w[flag]) return; // injected twice: the first listener serves
    w[flag] = true;
    // Payloads are validated with the protocol's schemas in zod's small build (content-calls.ts).
    const listener = createContentListener({
      // Only our own background may call; it sends without a tab.
      allowSender: (sender) => sender.id === browser.runtime.id && !sender.tab,
      handlers: {
        readPage: async () => {
          const html = document.documentElement.outerHTML;
          return {
            url: location.href,
            title: document.title,
            html: html.slice(0, MAX_PAGE_HTML_CHARS),
            ...(html.length > MAX_PAGE_HTML_CHARS ? { cut: true } : {}),
          };
        },
        // Anchored afresh on every click: the page may have changed since the last one.
        highlight: async ({ others, ...selector }) =>
          highlightWhenReady(document, selector, { others: others ?? [], signal: ctx.signal }),
        clearHighlights: async () => ({ cleared: clearHighlights(document) }),
        ping: async () => ({ ready: true as const }),
        markClaims: async ({ claims, append }) => markClaims(document, claims, append),
        scrollToClaim: async ({ index }) => ({ found: scrollToClaim(document, index) }),
      },
    });
    browser.runtime.onMessage.addListener(listener);
    // Extension reloaded or updated: take everything out of the page and stop listening.
    ctx.onInvalidated(() => {
      browser.runtime.onMessage.removeListener(listener);
      disposeHighlights(document);
      clearClaimMarks(document);
      w[flag] = false;
    });
  },
});
