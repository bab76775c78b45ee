// A salesperson's morning, walked at a desktop's 1280×800 and a small laptop's 1024×640, light
// and dark: the next meeting on the first screen; `/` then typing replaces the deal search and a
// typo still finds the deal; yesterday's run, asked from the command line, found by words of its
// question, opened with its answer on the first screen, copied whole and ready to paste, and
// listed on its deal's page.
import { expect, test } from '../support/fixtures';
import { pasteReady } from '../../../src/lib/markdown/paste';

const QUESTION = 'What did we promise Harbour about pricing?';

for (const [width, height] of [
  [1280, 800],
  [1024, 640],
] as const) {
  for (const colorScheme of ['light', 'dark'] as const) {
    test.describe(`at ${width}×${height}, ${colorScheme}`, () => {
      test.use({
        viewport: { width, height },
        colorScheme,
        appOptions: { demo: { pacing: 'instant' } },
      });

      test('the morning: up next, deal search, yesterday’s answer found, copied and on its deal', async ({
        app,
        page,
        context,
      }) => {
        await context.grantPermissions(['clipboard-read', 'clipboard-write']);
        const harbour = app.demo.control.deals().find((d) => /Harbour/.test(d.name));
        if (!harbour) throw new Error('no Harbour deal in the demo');
        // Asked outside the app: this computer holds no transcript of it.
        const created = await fetch(`${app.demo.baseUrl}/runs`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            cookie: `sb-access-token=${app.demo.token}`,
          },
          body: JSON.stringify({
            agentId: 'sales.deal_coach',
            input: { message: QUESTION },
            context: { dealId: harbour.id },
          }),
        });
        const runId = ((await created.json()) as { data: { runId: string } }).data.runId;
        await app.demo.control.waitForRun(runId, 30_000);
        const answer = app.demo.control.runOutput(runId) ?? '';

        await app.open(page, '#/today');
        await expect(page.getByRole('region', { name: /^Up next/ })).toBeInViewport();

        // "/" then typing replaces the query; one typo still finds the deal.
        const search = page.getByRole('combobox', { name: 'Search deals' });
        await page.keyboard.press('/');
        await expect(search).toBeFocused();
        await search.pressSequentially('maple', { delay: 10 });
        await search.blur();
        await page.keyboard.press('/');
        await expect(search).toBeFocused();
        await search.pressSequentially('harbur', { delay: 10 });
        await expect(search).toHaveValue('harbur');
        await expect(page.getByRole('option').first()).toContainText(harbour.name);

        // Yesterday's answer, found by words of its question.
        await page.goto(page.url().replace(/#.*$/, '#/runs'));
        const history = page.getByRole('region', { name: 'History' });
        await history.getByRole('searchbox').fill('promise pricing');
        await history.getByRole('link', { name: QUESTION }).click();
        const output = page.getByRole('region', { name: /^Output of/ });
        const firstLine = answer.split('\n')[0]?.replace(/^#+\s*/, '') ?? '';
        await expect(output.getByText(firstLine).first()).toBeInViewport();
        await page.getByRole('button', { name: 'Copy', exact: true }).first().click();
        // The clipboard is written a moment after the click: read it once the app says so.
        await expect(page.getByText('Output copied')).toBeVisible();
        expect(String(await page.evaluate('navigator.clipboard.readText()'))).toBe(
          pasteReady(answer, QUESTION).text,
        );

        // And on its deal's page.
        await page.goto(page.url().replace(/#.*$/, `#/deals/${harbour.id}`));
        await expect(
          page
            .getByRole('region', { name: 'Runs on this deal' })
            .getByRole('link', { name: QUESTION }),
        ).toBeVisible();
      });
    });
  }
}
