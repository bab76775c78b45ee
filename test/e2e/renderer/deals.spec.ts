// Deals: search as you type (accents and case ignored), open by keyboard, the deal laid out
// readably, and the command palette.
import { expect, test } from '../support/fixtures';
import { askAgent, demoDeal, nav, openDealByKeyboard } from './helpers';

test('find a deal by typing and open it with the keyboard', async ({ app, page }) => {
  await app.open(page, '#/today');
  const target = demoDeal(app, 'Harbour');
  await page.keyboard.press('/');
  const search = page.getByRole('combobox', { name: 'Search deals' });
  await expect(search).toBeFocused();
  await search.pressSequentially('HARB', { delay: 20 });
  await expect(page.getByRole('option')).toHaveCount(1);
  await page.keyboard.press('Home');
  await expect(page.getByRole('option', { selected: true })).toContainText(target.name);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`#/deals/${target.id}$`));
  await expect(page.getByRole('heading', { level: 2, name: target.name })).toBeVisible();

  // The key facts on top: money with its currency, dates in the locale.
  const facts = page.locator('.deal-facts-grid');
  await expect(facts.getByText('A$', { exact: false })).toBeVisible();
  await expect(facts.getByText('Close date')).toBeVisible();
  await expect(facts.getByText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/)).toBeVisible();
  // Below, the rest: contacts as a table, unknown fields shown, the facts not repeated.
  const details = page.getByRole('region', { name: 'Details' });
  await expect(details.getByRole('region', { name: 'Contacts' }).getByRole('table')).toBeVisible();
  await expect(details.getByText('Industry')).toBeVisible();
  await expect(details.getByText('Close date')).toHaveCount(0);
});

test('arrow keys move through the results, accents are ignored', async ({ app, page }) => {
  await app.open(page, '#/deals');
  const search = page.getByRole('combobox', { name: 'Search deals' });
  await search.fill('zurcher');
  await expect(page.getByRole('option').first()).toContainText('Zürcher');
  await search.fill('');
  const all = await page.getByRole('listbox', { name: 'Deals' }).getAttribute('id');
  expect(all).toBeTruthy();
  await search.press('ArrowDown');
  await search.press('ArrowDown');
  const active = await search.getAttribute('aria-activedescendant');
  expect(active).toMatch(/-o2$/);
  // End goes to the last deal, however far down the list it is.
  await search.press('End');
  const last = app.demo.control.deals().length - 1;
  await expect(search).toHaveAttribute('aria-activedescendant', new RegExp(`-o${last}$`));
  await expect(page.getByRole('option', { selected: true })).toBeVisible();
  await search.fill('no deal is called like this');
  await expect(page.getByText('No deal matches')).toBeVisible();
});

test('the command palette jumps to a deal and to a screen', async ({ app, page }) => {
  await app.open(page, '#/today');
  const target = demoDeal(app, 'Caledonian');
  await page.keyboard.press('Control+k');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await expect(palette).toBeVisible();
  await page.keyboard.type('caledon');
  await expect(palette.getByRole('option', { selected: true })).toContainText(target.name);
  await page.keyboard.press('Enter');
  await expect(palette).toBeHidden();
  // Focus lands on what the choice opened, not the page top.
  await expect(page.getByRole('heading', { level: 2, name: target.name })).toBeFocused();
  // The deal list highlights the deal opened, not the one it pointed at before.
  await expect(
    page.getByRole('listbox', { name: /deals/i }).getByRole('option', { selected: true }),
  ).toContainText(target.name);

  // Choosing an agent with the deal open leaves the question to type.
  await page.keyboard.press('Control+k');
  await page.keyboard.type('deal coach');
  await palette.getByRole('option', { name: /^Deal coach/ }).click();
  await expect(page.getByLabel('Agent', { exact: true })).toHaveValue(/./);
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeFocused();

  await page.keyboard.press('Control+k');
  await page.keyboard.type('usage');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Usage' })).toBeFocused();

  // Esc closes without doing anything; g then r goes to Runs.
  await page.keyboard.press('Control+k');
  await expect(palette).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(palette).toBeHidden();
  await page.keyboard.press('g');
  await page.keyboard.press('r');
  await expect(page.getByRole('heading', { level: 1, name: 'Answers' })).toBeVisible();
});

test('the Ask form validates inline and keeps the message across screens', async ({
  app,
  page,
}) => {
  await app.open(page, '#/deals');
  await openDealByKeyboard(page, 'Northwind');
  await page.getByRole('button', { name: 'Ask', exact: true }).click();
  await expect(page.getByText(/^Choose who should answer: Deal coach, /)).toBeVisible();
  await expect(page.getByText('Type a message for the agent.')).toBeVisible();
  await expect(page.getByLabel('Agent', { exact: true })).toHaveAttribute('aria-invalid', 'true');

  await page.getByRole('textbox', { name: 'Message' }).fill('Draft I do not want to lose');
  await nav(page, 'Usage').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Usage' })).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('textbox', { name: 'Message' })).toHaveValue(
    'Draft I do not want to lose',
  );
});

test('/ selects the last query so typing replaces it, and a one-letter typo still finds the deal', async ({
  app,
  page,
}) => {
  await app.open(page, '#/deals');
  const harbour = demoDeal(app, 'Harbour');
  const search = page.getByRole('combobox', { name: 'Search deals' });
  await search.fill('maple');
  await search.blur();

  await page.keyboard.press('/');
  await expect(search).toBeFocused();
  await search.pressSequentially('harbour', { delay: 20 });
  await expect(search).toHaveValue('harbour');
  await expect(page.getByRole('option', { name: new RegExp(harbour.name) })).toBeVisible();

  // Letters swapped, one dropped: the deal is still there.
  for (const typo of ['harbuor', 'habour']) {
    await search.fill(typo);
    await expect(page.getByRole('option', { name: new RegExp(harbour.name) })).toBeVisible();
  }
});

test.describe('on a small laptop (1024×640)', () => {
  test.use({ viewport: { width: 1024, height: 640 } });

  test('an open deal takes the whole width; All deals and / bring the list back', async ({
    app,
    page,
  }) => {
    await app.open(page, '#/deals');
    await openDealByKeyboard(page, 'Harbour');
    const search = page.getByRole('combobox', { name: 'Search deals' });
    await expect(search).toBeHidden();
    const detail = page.locator('.deals-detail-pane');
    expect((await detail.boundingBox())?.width ?? 0).toBeGreaterThan(700);

    await page.getByRole('link', { name: '← All deals' }).click();
    await expect(search).toBeVisible();
    await page.getByRole('option').first().click();
    await expect(search).toBeHidden();
    // Asked here, the new run comes into view as it starts, under a long deal page.
    await openDealByKeyboard(page, 'Harbour');
    const run = await askAgent(page, 'Deal coach', 'What is the next step?');
    await expect(run).toBeInViewport();
    await expect(run).toBeFocused();

    // "/" from an open deal shows the list again, with the search focused.
    await page.keyboard.press('/');
    await expect(search).toBeFocused();
  });
});
