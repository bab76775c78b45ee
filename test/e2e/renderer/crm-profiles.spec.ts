// Services in front of a CRM pass its deals on in that CRM's shape: for each demo profile the
// picker lists deals by name with their amounts in their currency, a word of the name finds one,
// its page is headed by its name, and a run starts with the deal's UUID.
import { expect, test } from '../support/fixtures';
import { askAgent } from './helpers';

const PROFILES = ['salesforce', 'hubspot', 'pipedrive', 'dynamics', 'zoho'] as const;

/** The amount as the renderer formats it (whole amounts without decimals), in en-US. */
function money(amount: number, currency: string): string {
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency,
    ...(Number.isInteger(amount) ? { minimumFractionDigits: 0, maximumFractionDigits: 0 } : {}),
  }).format(amount);
}

for (const profile of PROFILES) {
  test.describe(`a ${profile}-shaped service`, () => {
    test.use({ appOptions: { demo: { profile } }, locale: 'en-US' });

    test('lists deals by name, finds one by a word of it, and runs an agent on it', async ({
      app,
      page,
    }) => {
      const deal = app.demo.control.deals().find((d) => d.name.includes('Harbour'));
      if (deal === undefined) throw new Error('The demo has no Harbour deal');
      await app.open(page, '#/deals');

      const options = page.getByRole('option');
      await expect(options.first()).toBeVisible();
      // Names, not ids: no option starts with a UUID or a CRM's numeric id.
      await expect(options.first()).not.toHaveText(/^[0-9a-f]{8}-|^\d{5,}/);

      const search = page.getByRole('combobox', { name: 'Search deals' });
      await search.fill('harbour');
      const option = options.filter({ hasText: deal.name });
      await expect(option).toHaveCount(1);
      await expect(option).toContainText(money(deal.amount, deal.currency));

      await option.click();
      await expect(page.getByRole('heading', { level: 2, name: deal.name })).toBeVisible();
      await expect(page.locator('.deal-head')).toContainText(deal.account);

      const started = app.nextEvent('runs.changed', (p) => p.runs.length > 0);
      await askAgent(page, 'Deal coach', 'What should I prepare?');
      const runId = (await started).runs[0]?.runId ?? '';
      expect(app.demo.control.getRun(runId)?.context).toMatchObject({ dealId: deal.id });
    });
  });
}

test.describe('a meeting briefing that nests its title', () => {
  test.use({ appOptions: { demo: { profile: 'hubspot' } } });

  test('is headed by that title', async ({ app, page }) => {
    const meeting = await fetch(`${app.demo.baseUrl}/briefings/meeting`, {
      headers: { cookie: `sb-access-token=${app.demo.token}` },
    }).then((r) => r.json() as Promise<{ data: { meeting: { title: string } } }>);
    await app.open(page, '#/today');
    const card = page.getByRole('region', { name: /^Next meeting/ });
    await expect(card.getByRole('heading', { level: 2 })).toHaveText(meeting.data.meeting.title);
  });
});
