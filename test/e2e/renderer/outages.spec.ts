// One calm voice per cause: when the service cannot be reached or is down, one banner says so
// (since when, with Retry), and the screens below neither repeat it nor show error codes.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { startBrowserMode } from '../../../electron/web/browser-mode';
import { deadPort } from '../support/dead-port';
import { expect, test } from '../support/fixtures';
import { LOOKS } from '../support/looks';

async function expectNoTechnicalErrors(page: Page): Promise<void> {
  const main = page.getByRole('main');
  await expect(main.getByRole('alert')).toHaveCount(0);
  const text = await main.innerText();
  expect(text).not.toMatch(/network_error|fetch failed|http_5\d\d|ECONNREFUSED|Code\s/);
}

// Walked at each size and theme (#15): the banner on the first screen, nothing technical below.
for (const look of LOOKS) {
  test.describe(`at ${look.name}`, () => {
    test.use(look.use);

    test('a first start with the service unreachable shows one banner and no error codes', async ({
      page,
    }) => {
      const dataDir = await mkdtemp(join(tmpdir(), 'assistant-e2e-unreachable-'));
      const mode = await startBrowserMode({
        port: 0,
        dataDir,
        rendererDir: join(process.cwd(), 'out', 'renderer'),
        baseUrl: `http://127.0.0.1:${await deadPort()}/api/v1/assistant`,
        token: 'a-token-that-cannot-be-checked-while-nothing-answers',
        scheduler: false,
      });
      try {
        await page.goto(mode.urlFor('#/today'));
        const banner = page
          .getByRole('status')
          .filter({ hasText: 'Can’t reach the service since' });
        await expect(banner).toHaveCount(1);
        await expect(banner).toBeInViewport();
        await expect(banner.getByRole('button', { name: 'Retry' })).toBeVisible();
        // Today says what to try: the connection, the VPN, then IT.
        const advice = page.getByRole('region', { name: 'Can’t reach the service' });
        await expect(advice).toContainText('VPN');
        await expect(advice).toContainText('IT team');
        // The cards wait calmly instead of each showing the same failure.
        await expect(
          page.getByText('It loads by itself as soon as the service is back.'),
        ).toHaveCount(2);
        await expectNoTechnicalErrors(page);

        await page
          .getByRole('navigation', { name: 'Main' })
          .getByRole('link', { name: 'Deals' })
          .click();
        await expect(page.getByRole('heading', { level: 1, name: 'Deals' })).toBeVisible();
        await expect(banner).toHaveCount(1);
        await expectNoTechnicalErrors(page);
      } finally {
        await mode.stop();
        await rm(dataDir, { recursive: true, force: true });
      }
    });
  });
}

test('a service answering 503 gets a banner at once, and the banner goes when it recovers', async ({
  app,
  page,
}) => {
  app.demo.control.failNextRequests({ count: 10_000, status: 503, retryAfterSeconds: null });
  await app.open(page, '#/today');
  const banner = page.getByRole('status').filter({ hasText: 'The service is having problems' });
  // At once: not after core's retries of each read have run out.
  await expect(banner).toBeVisible({ timeout: 5_000 });
  await expect(banner.getByRole('button', { name: 'Retry' })).toBeVisible();
  await expectNoTechnicalErrors(page);

  // Back: the next answer clears the banner, and what had failed is read again.
  app.demo.control.clearFaults();
  await expect(banner).toHaveCount(0, { timeout: 20_000 });
  await expect(
    page.getByRole('region', { name: /Good morning/ }).getByRole('heading', { level: 2 }),
  ).toBeVisible();
  await expectNoTechnicalErrors(page);
});

test('a slow answer gets a word after 3 seconds, and the screen when it comes', async ({
  app,
  page,
}) => {
  app.demo.control.delayNextRequests({ ms: 6_000, count: 50 });
  await app.open(page, '#/usage');
  const slow = page.getByText('Taking longer than usual… still waiting for the service.');
  await expect(slow).toBeVisible({ timeout: 5_000 });
  await expect(page.getByRole('meter', { name: 'Runs' })).toBeVisible({ timeout: 15_000 });
  await expect(slow).toHaveCount(0);
});
