// The built app, launched for real through Playwright's Electron driver: the window opens on the
// app protocol, the page sees exactly `window.assistant = { invoke, on }` and no Node, and the
// demo service's morning briefing appears. Where the Electron binary is not installed (CI and
// this repository's build machines set ELECTRON_SKIP_BINARY_DOWNLOAD) it is skipped, saying why.
//   npm run build && npx playwright test -c test/electron/playwright.config.ts

import { _electron as electron, expect, test } from '@playwright/test';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { displayMissing, findElectronBinary } from './support/electron-binary';

const repo = resolve(import.meta.dirname, '../..');
const binary = findElectronBinary();
const skipReason = 'missing' in binary ? binary.missing : displayMissing();
// The list reporter shows no skip reasons: say it once, while the runner collects the tests.
if (skipReason !== undefined && process.env.TEST_WORKER_INDEX === undefined) {
  console.log(`Electron smoke test skipped: ${skipReason}`);
}

test.describe('the packaged shell, launched', () => {
  test.skip(skipReason !== undefined, `Electron smoke test skipped: ${skipReason ?? ''}`);

  test('opens the window and shows the demo briefing', async () => {
    if (!('path' in binary)) return;
    expect(
      existsSync(join(repo, 'out', 'main', 'index.js')) &&
        existsSync(join(repo, 'out', 'renderer', 'index.html')),
      'the app is not built: run `npm run build` first',
    ).toBe(true);

    const userData = await mkdtemp(join(tmpdir(), 'assistant-smoke-'));
    const app = await electron.launch({
      executablePath: binary.path,
      // Chromium refuses to start its sandbox as root (containers); users never run it so.
      args: [...(process.getuid?.() === 0 ? ['--no-sandbox'] : []), repo],
      cwd: repo,
      env: { ...process.env, ASSISTANT_USER_DATA_DIR: userData },
      timeout: 60_000,
    });
    try {
      const page = await app.firstWindow();
      await expect(page).toHaveURL(/^app:\/\/assistant\//);

      const bridge = await page.evaluate(() => {
        const assistant: unknown = Reflect.get(globalThis, 'assistant');
        return {
          keys: typeof assistant === 'object' && assistant !== null ? Object.keys(assistant) : [],
          require: typeof Reflect.get(globalThis, 'require'),
          process: typeof Reflect.get(globalThis, 'process'),
        };
      });
      expect(bridge.keys.sort()).toEqual(['invoke', 'on']);
      expect(bridge.require).toBe('undefined');
      expect(bridge.process).toBe('undefined');

      await expect(page.getByText('Morning briefing').first()).toBeVisible({ timeout: 30_000 });
      await expect(page.getByText(/Good morning/).first()).toBeVisible({ timeout: 30_000 });
    } finally {
      await app.close();
      await rm(userData, { recursive: true, force: true });
    }
  });
});
