// A deal's page built around its next step, and the list that leads to it, in one app: the list
// sorts and filters; the key facts are said once; suggested questions fill the form (choosing a
// fitting agent when none is); Ctrl+Enter without an agent says who could answer and goes to
// the agent field; a question asked leaves the form in view; the agent is remembered across a
// reload; at a quota's end Ask is disabled with one message that says why.
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { demoDeal, openDealByKeyboard } from './helpers';

test.use({
  viewport: { width: 1280, height: 800 },
  appOptions: { demo: { pacing: 'instant' } },
});

/** The deal names the list shows, top to bottom (the virtualised rows in view). */
async function shownNames(page: Page): Promise<string[]> {
  const titles = page.getByRole('listbox', { name: 'Deals' }).locator('.picker-title');
  return titles.evaluateAll((els) => els.map((el) => el.getAttribute('title') ?? ''));
}

test('the deal list, the deal page and asking about it', async ({ app, page }) => {
  const deals = app.demo.control.deals();
  const leman = demoDeal(app, 'Léman');

  await test.step('the list sorts by close date, amount and activity, and filters by stage', async () => {
    await app.open(page, '#/deals');
    const list = page.getByRole('listbox', { name: 'Deals' });
    // Folded into one line saying how the list is shown, until opened.
    await page.getByText('Closing soonest · All stages').click();
    const sort = page.getByLabel('Sort deals');
    await expect(sort).toHaveValue('close');
    const open = deals.filter((d) => !d.stage.startsWith('closed'));
    const soonest = [...open].sort((a, b) => a.closeDate.localeCompare(b.closeDate))[0];
    await expect.poll(async () => (await shownNames(page))[0]).toBe(soonest?.name);
    // Each row says when it closes.
    await expect(list.getByRole('option').first()).toContainText(/closes \w{3} \d{1,2}/);

    await sort.selectOption({ label: 'Largest amount' });
    const largest = [...deals].sort((a, b) => b.amount - a.amount)[0];
    await expect.poll(async () => (await shownNames(page))[0]).toBe(largest?.name);

    await sort.selectOption({ label: 'Recent activity' });
    const latest = [...deals].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt))[0];
    await expect.poll(async () => (await shownNames(page))[0]).toBe(latest?.name);

    const stage = page.getByLabel('Stage', { exact: true });
    await stage.selectOption({ label: 'Proposal' });
    const proposals = deals.filter((d) => d.stage === 'proposal').length;
    await expect(page.getByText(`${proposals} of ${deals.length} deals`)).toBeVisible();
    await expect(list.getByRole('option')).toHaveCount(proposals);
    await stage.selectOption({ label: 'All stages' });
    await expect(page.getByText(`${deals.length} deals`, { exact: true })).toBeVisible();

    // With no deal open, the deals closing soonest are one click away.
    const start = page.getByRole('region', { name: 'Closing soonest' });
    await start.getByRole('link', { name: soonest?.name ?? '' }).click();
    await expect(page.getByRole('heading', { level: 2, name: soonest?.name ?? '' })).toBeFocused();
  });

  await test.step('the key facts once at the top, the activity by people’s names', async () => {
    await page.getByRole('combobox', { name: 'Search deals' }).fill('leman');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 2, name: leman.name })).toBeVisible();
    const detail = app.demo.control.deals().find((d) => d.id === leman.id);
    if (!detail) throw new Error('no Léman deal');
    await expect(page.getByText(detail.nextStep)).toHaveCount(1);
    await expect(page.locator('.deal-facts-grid')).toContainText(detail.owner.name);
    const activity = page.getByRole('region', { name: 'Activity' });
    await expect(activity.getByRole('listitem').first()).toContainText(detail.owner.name);
    await expect(page.locator('main')).not.toContainText(/act_[0-9a-f]{8}_\d|usr_/);
    // The Details card does not repeat the header's facts.
    const details = page.getByRole('region', { name: 'Details' });
    await expect(details.getByText('Industry')).toBeVisible();
    await expect(details.getByText('Next step')).toHaveCount(0);
    await expect(details.getByText('Close date')).toHaveCount(0);
  });

  const agent = page.getByLabel('Agent', { exact: true });
  const message = page.getByRole('textbox', { name: 'Message' });
  await test.step('Ctrl+Enter without an agent says who could answer', async () => {
    await message.fill('What changed since last week?');
    await message.press('Control+Enter');
    await expect(
      page.getByText(/^Choose who should answer: Deal coach, Email writer/),
    ).toBeVisible();
    await expect(agent).toBeFocused();
  });

  await test.step('a suggested question fills the form and picks a fitting agent', async () => {
    await page.getByRole('button', { name: 'Draft the follow-up email' }).click();
    await expect(message).toHaveValue(/follow-up email/);
    await expect(agent).toHaveValue('sales.email_writer');
    await expect(message).toBeFocused();
    // An agent chosen stays chosen: the next suggestion only changes the question.
    await page.getByRole('button', { name: 'What are the risks?' }).click();
    await expect(message).toHaveValue(/risks/);
    await expect(agent).toHaveValue('sales.email_writer');
  });

  await test.step('asking leaves the header and the form in view', async () => {
    await page.getByRole('button', { name: 'Ask', exact: true }).click();
    const run = page.getByRole('article').filter({ hasText: /risks/ }).first();
    await expect(run).toBeFocused();
    await expect(page.getByRole('heading', { level: 2, name: leman.name })).toBeInViewport();
    await expect(page.getByRole('button', { name: 'Ask', exact: true })).toBeInViewport();
  });

  await test.step('the last agent is remembered across a reload', async () => {
    await page.reload();
    await expect(page.getByRole('heading', { level: 2, name: leman.name })).toBeVisible();
    await expect(agent).toHaveValue('sales.email_writer');
    await openDealByKeyboard(page, 'Harbour');
    await expect(agent).toHaveValue('sales.email_writer');
  });

  await test.step('at a quota’s end Ask is disabled with one message', async () => {
    app.demo.control.setLimits({ requests: null, runs: 50, tokens: null });
    app.demo.control.setUsage({ runs: 50 });
    await page.reload();
    await message.fill('Anything new?');
    const ask = page.getByRole('button', { name: 'Ask', exact: true });
    const reset = new Intl.DateTimeFormat(undefined, {
      day: 'numeric',
      month: 'long',
      timeZone: 'UTC',
    }).format(new Date(app.demo.control.usage().billingPeriod.end));
    const said = `Your team has used its 50 runs this month; they reset on ${reset}. Ask your admin for more.`;
    await expect(ask).toBeDisabled();
    await expect(ask).toHaveAccessibleDescription(said);
    const form = page.getByRole('region', { name: 'Ask about this deal' });
    await expect(form.getByRole('status')).toHaveCount(1);
    await expect(form.getByText(said)).toBeVisible();
    await expect(form.getByRole('button', { name: 'Retry' })).toHaveCount(0);
    await expect(form).not.toContainText(/probably/);
  });
});
