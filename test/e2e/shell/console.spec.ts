// A clean console on load: browsers ignore `frame-ancestors` (and the other header-only CSP
// directives) in a meta tag and log an error for it on every load, which buries real errors. The
// header keeps the directive; the page's meta copy must not carry it. Nor does the page's own code
// run into its CSP: a refused `eval` is reported (a `securitypolicyviolation` event, and a line in
// DevTools) even when the code catches the error.
import type { ConsoleMessage } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { selectors } from '../support/selectors';

test('the app loads on every screen without a console error, and keeps frame-ancestors in the header', async ({
  app,
  page,
}) => {
  const errors: string[] = [];
  const onConsole = (message: ConsoleMessage) => {
    if (message.type() === 'error') errors.push(message.text());
  };
  page.on('console', onConsole);
  page.on('pageerror', (error) => errors.push(`page error: ${error.message}`));
  // A string: the tests are typed without the DOM's library.
  await page.addInitScript(`document.addEventListener('securitypolicyviolation', (event) =>
    console.error('CSP violation: ' + event.violatedDirective + ' at ' + event.sourceFile + ':' + event.lineNumber));`);

  const answer = await page.goto(app.url);
  const header = (await answer?.allHeaders())?.['content-security-policy'] ?? '';
  expect(header).toContain("frame-ancestors 'none'");
  const meta = await page
    .locator('meta[http-equiv="Content-Security-Policy"]')
    .getAttribute('content');
  expect(meta).toContain("default-src 'none'");
  expect(meta).not.toContain('frame-ancestors');

  await page.locator('#root > *').first().waitFor();
  await expect(selectors.sidebar(page)).toContainText('Demo');
  for (const screen of ['Deals', 'Answers', 'Usage', 'Settings', 'Today'] as const) {
    await selectors.navLink(page, screen).click();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  }
  // A reload is a fresh page load: the CSP meta is read again.
  await page.reload();
  await expect(selectors.sidebar(page)).toContainText('Demo');

  expect(errors).toEqual([]);
});
