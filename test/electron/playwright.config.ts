import { defineConfig } from '@playwright/test';

// The Electron smoke test (test/electron/*.e2e.ts) on its own: it needs the Electron binary and
// a built app, so it is not part of the browser-mode e2e run.
//   npm run build && npx playwright test -c test/electron/playwright.config.ts
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.e2e.ts',
  workers: 1,
  retries: 0,
  timeout: 120_000,
  reporter: [['list']],
});
