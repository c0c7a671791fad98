// `npm start`: build the extension, then start Chromium with it loaded (keyless defaults) and the
// side panel open in a tab. Without a display it runs headless, saves a screenshot and exits.
// The browser profile is a temporary folder, removed when the browser closes.
import { execSync } from 'node:child_process';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { FIRST_RUN_CARD, withTempProfile } from './start-profile.mjs';

execSync('node scripts/ensure-chromium.mjs', { stdio: 'inherit' });
execSync('npx wxt build', { stdio: 'inherit' });

const ext = path.resolve('.output/chrome-mv3');
const headless = !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY;
await withTempProfile(async (profile) => {
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless,
    viewport: headless ? { width: 420, height: 760 } : null,
    args: [
      `--disable-extensions-except=${ext}`,
      `--load-extension=${ext}`,
      '--no-first-run',
      '--disable-sync',
      ...(headless ? ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'] : []),
    ],
  });
  try {
    const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
    const id = new URL(worker.url()).host;
    const panel = await context.newPage();
    await panel.goto(`chrome-extension://${id}/sidepanel.html`);
    console.log(`Spanlight ${id} is loaded (a temporary profile, removed on exit).`);
    if (headless) {
      const shot = path.resolve('.tmp/start-sidepanel.png');
      await panel.waitForSelector('form.ask');
      // The first-run card comes once the settings are read: the screenshot shows what a new user sees.
      await panel.waitForSelector(FIRST_RUN_CARD, { state: 'visible', timeout: 15_000 });
      await panel.screenshot({ path: shot });
      console.log(`No display: ran headless and saved the side panel to ${shot}. On a desktop, npm start opens a window.`);
    } else {
      console.log('Close the browser window to stop.');
      await new Promise((resolve) => context.on('close', resolve));
    }
  } finally {
    await context.close().catch(() => undefined);
  }
});
