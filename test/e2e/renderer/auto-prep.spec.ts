// Prep that starts itself (#38), in the real renderer over the real core: the demo's next meeting
// is 20 to 50 minutes away when the app starts, past its prep time (60 minutes before), so core
// prepares it at once (the "when the app was closed"). Today says so once (Turn off / OK),
// the next-meeting card shows the ready prep's first lines with "Read the prep", which opens the
// answer and marks it read; the inbox keeps the notice; Settings sets which meetings and how long
// before; where IT locked it, it shows so. One app for the file (and one more under IT's policy);
// the tests run in order, as a user would meet these.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { startApp, type RunningApp } from '../support/app';
import { expect, test } from '../support/fixtures';
import { audit, nav, savedSettings } from './helpers';

/** Browser mode reads IT's extra policy file from here (managed-settings.spec.ts). */
const POLICY_ENV = 'ASSISTANT_POLICY_FILE';

/**
 * The agent chosen (core prepares nothing by itself until one is: the card says so), and only the
 * prep's own notice: the briefings' depend on the time of day.
 */
const PREP_SETTINGS = {
  notifications: {
    prepAgentId: 'sales.deal_coach',
    enabled: { 'morning-briefing': false, 'meeting-briefing': false, quota: false },
  },
};

let app: RunningApp;
test.beforeAll(async () => {
  app = await startApp({
    scheduler: true,
    // The demo's own pace: a prep takes the seconds a real one does.
    settings: PREP_SETTINGS,
  });
});
test.afterAll(async () => {
  await app.stop();
});

const card = (page: Page) => page.getByRole('region', { name: /^Next meeting/ });
const prep = (page: Page) => card(page).getByRole('region', { name: 'Your prep' });
const bell = (page: Page) =>
  page.getByRole('complementary', { name: 'Sidebar' }).getByRole('button', {
    name: /^Notifications/,
  });

test('the first time, Today says meetings are now prepared by themselves; OK keeps it said', async ({
  page,
}) => {
  await app.open(page, '#/today');
  const notice = page.getByRole('region', { name: 'Automatic prep' });
  await expect(notice).toHaveText(
    /your meetings with a deal are now prepared automatically, 60 minutes before they start/,
    { timeout: 30_000 },
  );
  await expect(notice.getByRole('button', { name: 'Turn off' })).toBeVisible();
  await notice.getByRole('button', { name: 'OK' }).click();
  await expect(notice).toHaveCount(0);
  await expect.poll(async () => (await savedSettings(app)).autoPrep.noticeSeen).toBe(true);
  // Still on: OK only says it was seen.
  expect((await savedSettings(app)).autoPrep.mode).toBe('deal-meetings');
  await page.reload();
  await expect(card(page)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Automatic prep' })).toHaveCount(0);
});

test('the next-meeting card shows the ready prep; "Read the prep" opens it and marks it read; the inbox keeps the notice', async ({
  page,
}) => {
  await app.open(page, '#/today');
  const ready = prep(page);
  await expect(ready.getByRole('button', { name: 'Read the prep' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(ready.getByText('New', { exact: true })).toBeVisible();
  // The answer the prep agent gave on the meeting's deal, its first words on the card.
  const runId = ((await ready.locator('.run-ids code').textContent()) ?? '').trim();
  const run = app.demo.control.getRun(runId);
  expect(run?.status).toBe('succeeded');
  // What the answer says first: after its own title and the question quoted back.
  const said = (run?.output ?? '')
    .split('\n')
    .find((line) => line.trim() !== '' && !/^\s*(#|>)/.test(line));
  const firstWords = (said ?? '')
    .replace(/[*_`-]/g, ' ')
    .trim()
    .split(/\s+/)
    .slice(0, 3);
  expect(firstWords.length).toBe(3);
  for (const word of firstWords)
    await expect(ready.locator('.auto-prep-lines')).toContainText(word);
  await audit(page, 'Today with a ready prep');

  const markedRead = app.nextEvent('autoPrep.changed', ({ meetings }) =>
    meetings.some((m) => m.prep.status === 'ready' && m.prep.runId === runId && m.prep.read),
  );
  await ready.getByRole('button', { name: 'Read the prep' }).click();
  await expect(page).toHaveURL(new RegExp(`#/runs/${encodeURIComponent(runId)}$`));
  await expect(page.locator(`article.run[data-run-id="${runId}"]`)).toBeVisible();
  await markedRead;

  await nav(page, 'Today').click();
  await expect(prep(page).getByRole('button', { name: 'Read the prep' })).toBeVisible();
  await expect(prep(page).getByText('New', { exact: true })).toHaveCount(0);

  await bell(page).click();
  const inbox = page.getByRole('dialog', { name: 'Notifications' });
  await expect(inbox.getByRole('button', { name: /Your prep for .+ is ready/ })).toBeVisible();
  await audit(page, 'the inbox with the prep’s notice');
});

test('Settings chooses which meetings are prepared, how long before and the runs kept, checked as typed', async ({
  page,
}) => {
  await app.open(page, '#/settings');
  const modes = page.getByRole('group', { name: 'Prepare meetings automatically' });
  await expect(modes.getByRole('radio', { name: 'Meetings with a deal' })).toBeChecked();
  await modes.getByRole('radio', { name: 'All meetings' }).check();
  await expect.poll(async () => (await savedSettings(app)).autoPrep.mode).toBe('all-meetings');

  const lead = page.getByRole('textbox', { name: 'How many minutes before' });
  await expect(lead).toHaveValue('60');
  await lead.fill('5');
  await lead.press('Enter');
  await expect(lead).toHaveAccessibleDescription(/Enter 15 or more/);
  expect((await savedSettings(app)).autoPrep.leadMinutes).toBe(60);
  await lead.fill('90');
  await lead.blur();
  await expect.poll(async () => (await savedSettings(app)).autoPrep.leadMinutes).toBe(90);

  // How much of the team's runs automatic prep leaves for the user's own questions.
  const reserve = page.getByRole('textbox', { name: /Runs kept for your own questions/ });
  await expect(reserve).toHaveValue('10');
  await reserve.fill('95');
  await reserve.press('Enter');
  await expect(reserve).toHaveAccessibleDescription(/90/);
  expect((await savedSettings(app)).autoPrep.reservePercent).toBe(10);
  await reserve.fill('25');
  await reserve.blur();
  await expect.poll(async () => (await savedSettings(app)).autoPrep.reservePercent).toBe(25);
  await audit(page, 'Settings with automatic prep');

  await modes.getByRole('radio', { name: 'Off' }).check();
  await expect.poll(async () => (await savedSettings(app)).autoPrep.mode).toBe('off');
});

test('where IT set automatic prep, Settings shows it locked and Today offers only OK', async ({
  page,
}) => {
  // Its own host: IT's policy file is read when the host starts.
  const folder = await mkdtemp(join(tmpdir(), 'assistant-policy-'));
  const policyFile = join(folder, 'policy.json');
  await writeFile(policyFile, JSON.stringify({ AutomaticPrep: 'all-meetings' }));
  const before = process.env[POLICY_ENV];
  process.env[POLICY_ENV] = policyFile;
  const managed = await startApp({
    scheduler: true,
    demo: { pacing: 'instant' },
    settings: PREP_SETTINGS,
  });
  try {
    await managed.open(page, '#/today');
    const notice = page.getByRole('region', { name: 'Automatic prep' });
    await expect(notice).toContainText('your meetings are now prepared automatically', {
      timeout: 30_000,
    });
    await expect(notice.getByRole('button', { name: 'OK' })).toBeVisible();
    await expect(notice.getByRole('button', { name: 'Turn off' })).toHaveCount(0);

    await nav(page, 'Settings').click();
    const modes = page.getByRole('group', { name: /^Prepare meetings automatically/ });
    await expect(modes).toContainText('Set by your organisation');
    await expect(modes.getByRole('radio', { name: 'All meetings' })).toBeChecked();
    await expect(modes.getByRole('radio', { name: 'Off' })).toBeDisabled();
    // The lead time stays the user's: IT set only which meetings.
    await expect(page.getByRole('textbox', { name: 'How many minutes before' })).toBeEditable();
  } finally {
    await managed.stop();
    if (before === undefined) delete process.env[POLICY_ENV];
    else process.env[POLICY_ENV] = before;
    await rm(folder, { recursive: true, force: true });
  }
});
