import { describe, expect, it } from 'vitest';
import { createSiteAccessFlow, type SiteAccessView } from '@/components/panel/site-access-flow';

/** The browser's side: whether every site is granted, and a prompt the test answers. */
function browserWith(granted: boolean) {
  const prompts: Array<(ok: boolean) => void> = [];
  const api = {
    granted,
    has: async () => api.granted,
    request: () =>
      new Promise<boolean>((resolve) =>
        prompts.push((ok) => {
          api.granted = ok;
          resolve(ok);
        }),
      ),
  };
  return { api, prompts };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

function flowOver(granted: boolean) {
  const { api, prompts } = browserWith(granted);
  const views: SiteAccessView[] = [];
  const flow = createSiteAccessFlow(api, (v) => views.push(v));
  const ran: string[] = [];
  return { flow, prompts, views, ran, last: () => views.at(-1) };
}

describe('access to websites in the panel, asked for at first use', () => {
  it('granted: work runs at once, and no prompt is shown', () => {
    const { flow, prompts, ran } = flowOver(true);
    flow.known(true);
    flow.withAccess(() => ran.push('ask'));
    expect(ran).toEqual(['ask']);
    expect(prompts).toHaveLength(0);
  });

  it('from a click: the prompt goes out before any await, work waits for it and runs once allowed', async () => {
    const { flow, prompts, ran, last } = flowOver(false);
    flow.known(false);
    flow.withAccess(() => ran.push('ask'));
    // Synchronously inside the click: the browser allows its prompt only then.
    expect(prompts).toHaveLength(1);
    expect(last()).toEqual({ state: 'asking', waiting: false });
    expect(ran).toEqual([]);
    prompts[0]!(true);
    await settle();
    expect(ran).toEqual(['ask']);
    expect(last()).toEqual({ state: 'granted', waiting: false });
    // Granted once: the next click runs without asking.
    flow.withAccess(() => ran.push('check'));
    expect(ran).toEqual(['ask', 'check']);
    expect(prompts).toHaveLength(1);
  });

  it('refused: nothing runs, the panel shows why with a button, and the button asks again and runs what waited', async () => {
    const { flow, prompts, ran, last } = flowOver(false);
    flow.withAccess(() => ran.push('ask'));
    prompts[0]!(false);
    await settle();
    expect(ran).toEqual([]);
    expect(last()).toEqual({ state: 'missing', waiting: true });
    flow.allow();
    expect(prompts).toHaveLength(2);
    prompts[1]!(true);
    await settle();
    expect(ran).toEqual(['ask']);
    expect(last()).toEqual({ state: 'granted', waiting: false });
  });

  it('without a click (a question from the context menu): no prompt, the work is held for the button', async () => {
    const { flow, prompts, ran, last } = flowOver(false);
    flow.withAccess(() => ran.push('pending'), false);
    await settle();
    expect(prompts).toHaveLength(0);
    expect(ran).toEqual([]);
    expect(last()).toEqual({ state: 'missing', waiting: true });
    flow.allow();
    prompts[0]!(true);
    await settle();
    expect(ran).toEqual(['pending']);
  });

  it('without a click but with access already granted, the work runs', async () => {
    const { flow, ran } = flowOver(true);
    flow.withAccess(() => ran.push('pending'), false);
    await settle();
    expect(ran).toEqual(['pending']);
  });

  it('taken back while the panel is open: the next click asks again', () => {
    const { flow, prompts, ran } = flowOver(true);
    flow.known(true);
    flow.known(false);
    flow.withAccess(() => ran.push('ask'));
    expect(prompts).toHaveLength(1);
    expect(ran).toEqual([]);
  });
});
