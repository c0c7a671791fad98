/** Where the panel stands on access to websites: not known yet, granted, being asked, or missing. */
export type SiteAccessState = 'unknown' | 'granted' | 'asking' | 'missing';

/** What the panel shows: the state, and whether work waits for the person to allow access. */
export interface SiteAccessView {
  state: SiteAccessState;
  /** Work waits for access: the person refused the prompt, or it started without a click (the context menu). */
  waiting: boolean;
}

/** The browser's part: whether every site is granted, and the prompt that asks for it. */
export interface SiteAccessBrowser {
  has: () => Promise<boolean>;
  /** Must be called synchronously inside a click; resolves to whether access is granted. */
  request: () => Promise<boolean>;
}

/**
 * The panel's rule for work that reads websites: at once when access is granted; from a click,
 * after asking the browser (the request goes out before any await, as browsers require); without a
 * click, or when the person refused, held until the "Allow access" button is clicked.
 */
export function createSiteAccessFlow(api: SiteAccessBrowser, show: (view: SiteAccessView) => void) {
  let granted: boolean | null = null;
  let held: (() => void) | null = null;
  let view: SiteAccessView = { state: 'unknown', waiting: false };
  const set = (next: Partial<SiteAccessView>) => show((view = { ...view, ...next }));

  const ask = (work: () => void) => {
    set({ state: 'asking' });
    void api.request().then((ok) => {
      granted = ok;
      held = ok ? null : work;
      set({ state: ok ? 'granted' : 'missing', waiting: !ok });
      if (ok) work();
    });
  };

  return {
    /** What the browser says as the panel opens, and each time a permission is added or removed. */
    known(ok: boolean) {
      granted = ok;
      if (view.state !== 'asking') set({ state: ok ? 'granted' : 'missing' });
    },
    withAccess(work: () => void, fromClick = true) {
      if (granted === true) return work();
      if (fromClick) return ask(work);
      void api.has().then((ok) => {
        granted = ok;
        if (ok) return work();
        held = work;
        set({ state: 'missing', waiting: true });
      });
    },
    /** The "Allow access to websites" button: asks, then runs the work that waited. */
    allow() {
      ask(held ?? (() => undefined));
    },
  };
}

export type SiteAccessFlow = ReturnType<typeof createSiteAccessFlow>;
