// What a user does again and again in these tests, written as a user would: by roles, labels and
// visible text.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { expect } from '../support/fixtures';
import type { RunningApp } from '../support/app';
import { askOnService, type AskedRun } from '../../support/ask-on-service';
import { Settings } from '../../../electron/contract';
import { isNotFound } from '../../../electron/core/storage/not-found';

/** Finds a deal by typing in the picker and opens it with the keyboard. */
export async function openDealByKeyboard(page: Page, query: string): Promise<void> {
  await page.keyboard.press('/');
  const search = page.getByRole('combobox', { name: 'Search deals' });
  await expect(search).toBeFocused();
  await search.fill(query);
  const found = page.getByRole('listbox', { name: 'Deals' }).getByRole('option');
  await expect(found.first()).toContainText(new RegExp(query, 'i'));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 2, name: new RegExp(query, 'i') })).toBeVisible();
}

/** Chooses an agent, types a message and presses Ask; returns the run panel. */
export async function askAgent(page: Page, agent: string, message: string) {
  await page.getByLabel('Agent', { exact: true }).selectOption({ label: agent });
  await page.getByRole('textbox', { name: 'Message' }).fill(message);
  await page.getByRole('button', { name: 'Ask', exact: true }).click();
  const run = page.getByRole('article', { name: `Run ${agent}` }).first();
  await expect(run).toBeVisible();
  return run;
}

/** The first deal of the demo whose name contains `text`. */
export function demoDeal(app: RunningApp, text: string): { id: string; name: string } {
  const deal = app.demo.control
    .deals()
    .find((d) => d.name.toLowerCase().includes(text.toLowerCase()));
  if (!deal) throw new Error(`The demo has no deal matching "${text}"`);
  return { id: deal.id, name: deal.name };
}

/** Starts runs straight on the demo service (as another device of the same user would). */
export async function createRunsOnService(app: RunningApp, count: number): Promise<void> {
  const dealId = app.demo.control.deals()[0]?.id ?? '';
  for (let i = 0; i < count; i += 1) {
    await createRunOnService(app, {
      agentId: 'sales.deal_coach',
      message: `History run ${i + 1}`,
      dealId,
    });
  }
}

/** Asks a question straight on the demo service (another computer, the command line); its id. */
export function createRunOnService(app: RunningApp, run: AskedRun): Promise<string> {
  return askOnService(app.demo, run);
}

/** Opens the "Details for IT" of an answer (ids, token counts, raw events, its record). */
export async function openDetailsForIt(answer: Locator): Promise<void> {
  // An answer that has just finished may be drawn again (its record arrives, its place on the
  // deal changes), closing a disclosure opened a moment before: open it until it stays open.
  const details = answer.locator('details.details-it').first();
  await expect(async () => {
    if ((await details.getAttribute('open')) === null) await details.locator('> summary').click();
    await expect(details).toHaveAttribute('open', '', { timeout: 1_000 });
  }).toPass({ timeout: 10_000 });
}

/** A link of the main navigation. */
export function nav(page: Page, label: 'Today' | 'Deals' | 'Answers' | 'Usage' | 'Settings') {
  return page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: label });
}

/** axe-core on the page as it is: no serious or critical violation. */
export async function audit(page: Page, what: string): Promise<void> {
  const results = await new AxeBuilder({ page })
    // Only violations are read: axe then details no passing or undecided node, which took a
    // fifth of each screen's audit.
    .options({ resultTypes: ['violations'] })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = bad.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 5)
        .join('\n  ')}`,
  );
  expect(report, `axe on ${what}`).toEqual([]);
}

/** Settings' Advanced part (service details, connection, diagnostics), opened if it is not. */
export async function openAdvanced(page: Page): Promise<void> {
  const advanced = page.locator('details.settings-advanced');
  await expect(advanced).toBeAttached();
  if (!(await advanced.evaluate((details) => (details as { open: boolean }).open))) {
    // Its own summary: a "Details" disclosure inside it (an error's) may be showing too.
    await advanced.locator(':scope > summary').click();
  }
}

/**
 * The settings as the host saved them in the data folder: what the next start reads, the defaults
 * while nothing is saved yet (so a poll waiting for a first save polls on instead of failing).
 */
export async function savedSettings(app: RunningApp): Promise<Settings> {
  let text: string;
  try {
    text = await readFile(join(app.dataDir, 'settings.json'), 'utf8');
  } catch (error) {
    if (isNotFound(error)) return Settings.parse({});
    throw error;
  }
  return Settings.parse(JSON.parse(text));
}
