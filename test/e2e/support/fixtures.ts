// Playwright fixtures: `app` is a running browser mode + demo service for the test (see app.ts);
// `traffic` records everything the page receives, for the secret checks in leak-check.ts.
import { test as base } from '@playwright/test';
import { startApp, type AppOptions, type RunningApp } from './app';
import { recordTraffic, type Traffic } from './leak-check';

export const test = base.extend<{ appOptions: AppOptions; app: RunningApp; traffic: Traffic }>({
  appOptions: [{}, { option: true }],
  app: async ({ appOptions }, use) => {
    const app = await startApp(appOptions);
    await use(app);
    await app.stop();
  },
  traffic: async ({ page }, use) => {
    await use(recordTraffic(page));
  },
});

export { expect } from '@playwright/test';
