// A book of 5,000 deals: the picker holds the first 2,000, says so, and a search still finds a deal
// past them, whether the service searches (its `search` parameter) or ignores every search (then
// core goes through every page).
import { expect, test } from '../support/fixtures';

const SEARCHES = [
  { searchParam: 'search', by: 'the service' },
  { searchParam: 'q', by: 'the service, under q' },
  { searchParam: 'none', by: 'the app, page by page' },
] as const;

for (const { searchParam, by } of SEARCHES) {
  test.describe(`5,000 deals searched by ${by}`, () => {
    test.use({ appOptions: { demo: { dealCount: 5_000, searchParam, pacing: 'instant' } } });

    test('says the picker holds 2,000 of them and finds one past those', async ({ app, page }) => {
      const deals = app.demo.control.deals();
      expect(deals).toHaveLength(5_000);
      // The last in the service's order: far past the 2,000 the picker holds.
      const far = deals[4_999];
      if (far === undefined) throw new Error('no deal 5,000');

      await app.open(page, '#/deals');
      await expect(
        page.getByText('Showing 2,000 of 5,000 deals — type to search the rest'),
      ).toBeVisible({ timeout: 30_000 });
      await expect(page.getByRole('option').filter({ hasText: far.name })).toHaveCount(0);

      await page.getByRole('combobox', { name: 'Search deals' }).fill(far.name);
      const option = page.getByRole('option').filter({ hasText: far.name });
      await expect(option).toHaveCount(1, { timeout: 30_000 });
      // Said honestly: what the loaded deals matched, and what only the service's search found.
      await expect(
        page.getByText(/among the 2,000 deals loaded and [1-9][\d,]* more from the service/),
      ).toBeVisible();
      await option.click();
      await expect(page.getByRole('heading', { level: 2, name: far.name })).toBeVisible();
    });
  });
}

test.describe('5,000 deals on Today', () => {
  test.use({ appOptions: { demo: { dealCount: 5_000, pacing: 'instant' } } });

  test('the closing-soon table shows its first rows, and all of them on Show all', async ({
    app,
    page,
  }) => {
    await app.open(page, '#/today');
    const section = page.getByRole('region', { name: 'Closing in the next three weeks' });
    const showAll = section.getByRole('button', { name: /^Show all [\d,]+$/ });
    await expect(showAll).toBeVisible({ timeout: 30_000 });
    const total = Number((await showAll.textContent())?.replace(/\D/g, ''));
    expect(total).toBeGreaterThan(100);
    const rows = section.getByRole('table').first().getByRole('row');
    // The header and eight deals, each a link to its deal.
    await expect(rows).toHaveCount(9);
    await expect(rows.nth(8).getByRole('link')).toHaveCount(1);
    await showAll.click();
    await expect(rows).toHaveCount(total + 1);
    await expect(rows.nth(total).getByRole('link')).toHaveCount(1);
    await expect(section.getByRole('button', { name: 'Show fewer' })).toBeVisible();
  });
});
