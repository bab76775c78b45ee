// Live runs from a deal: stream in and finish, cancel midway, fail with an error, keep streaming
// while the user is elsewhere; every raw event of a run on demand; and the history with paging.
import { TranscriptStore } from '../../../electron/core/runs/transcript-store';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import {
  askAgent,
  createRunOnService,
  createRunsOnService,
  nav,
  openDealByKeyboard,
  openDetailsForIt,
} from './helpers';
import { pasteReady } from '../../../src/lib/markdown/paste';

/** Scrolls the page down over a virtualised answer, as a reader would, until its end is drawn. */
async function scrollUntilShown(page: Page, output: Locator, text = 'Next steps') {
  await expect(async () => {
    await output.hover();
    await page.mouse.wheel(0, 1500);
    await expect(output).toContainText(text, { timeout: 500 });
  }).toPass({ timeout: 15_000 });
}

test('a run streams in, keeps going on another screen, and finishes', async ({ app, page }) => {
  await app.open(page, '#/deals');
  await openDealByKeyboard(page, 'Harbour');
  const run = await askAgent(page, 'Deal coach', 'What should I do this week?');
  await expect(run.getByText('You asked')).toBeVisible();
  const output = run.getByRole('region', { name: /Output of Deal coach/ });
  await expect(output).toContainText('Deal coach', { timeout: 15_000 });
  // The message field is free for the next question.
  await expect(page.getByRole('textbox', { name: 'Message' })).toHaveValue('');

  // Away and back while it streams: the text is still there and still growing.
  await nav(page, 'Today').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible();
  await page.goBack();
  const again = page.getByRole('article', { name: 'Run Deal coach' }).first();
  await expect(again.getByText('Done', { exact: true })).toBeVisible({ timeout: 30_000 });
  // The answer is virtualised in the page's scroll: its last words are drawn once the reader
  // scrolls down to them, as under the deal's form it does not pull the page along.
  await scrollUntilShown(page, again.getByRole('region', { name: /Output of Deal coach/ }));
  // Token counts are for IT, under the answer's details.
  await openDetailsForIt(again);
  await expect(again.getByText(/tokens/)).toBeVisible();
  await expect(again.getByRole('button', { name: 'Cancel' })).toHaveCount(0);

  // A finished run's text is read back from its transcript after the panel was closed.
  await nav(page, 'Today').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible();
  await page.goBack();
  await scrollUntilShown(
    page,
    page
      .getByRole('article', { name: 'Run Deal coach' })
      .first()
      .getByRole('region', { name: /Output of Deal coach/ }),
  );

  // Every raw event is there on demand.
  await openDetailsForIt(again);
  await again.getByRole('button', { name: 'Raw events' }).click();
  await expect(
    again.getByRole('region', { name: 'Raw events' }).getByRole('button').first(),
  ).toBeVisible();
});

test('a run can be cancelled midway', async ({ app, page }) => {
  await app.open(page, '#/deals');
  await openDealByKeyboard(page, 'Caledonian');
  const run = await askAgent(page, 'Email writer', 'Draft a long follow-up email');
  await expect(run.getByRole('region', { name: /Output of Email writer/ })).not.toContainText(
    'Waiting for the first words',
    { timeout: 15_000 },
  );
  // A new run is in focus as it starts.
  await expect(run).toBeFocused();
  await run.getByRole('button', { name: 'Cancel' }).click();
  await expect(run.getByText('Stopped', { exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(run.getByRole('button', { name: 'Retry' })).toBeVisible();
  // The Cancel button is gone; focus stayed on its run, not the page top.
  await expect(run).toBeFocused();
});

test('a run that fails shows its error with code and message, and Retry starts it again', async ({
  app,
  page,
}) => {
  await app.open(page, '#/deals');
  await openDealByKeyboard(page, 'Northwind');
  const run = await askAgent(page, 'Deal coach', 'Please break #fail');
  await expect(run.getByText('Failed', { exact: true })).toBeVisible({ timeout: 30_000 });
  const error = run.getByRole('alert');
  await expect(error).toContainText('The run failed');
  // The code is for support: folded under Details for IT.
  await expect(error.getByText('Code')).toBeHidden();
  await error.getByText('Details for IT').click();
  await expect(error.getByText('Code')).toBeVisible();

  await run.getByRole('button', { name: 'Retry' }).click();
  const runs = page.getByRole('article', { name: 'Run Deal coach' });
  await expect(runs.first().getByText('You asked')).toBeVisible();
  // The answer being read stays on screen under the new run, not folded away.
  await expect(runs).toHaveCount(2);
  await expect(page.getByText('The answer before you retried:')).toBeVisible();
  await expect(runs.nth(1).getByRole('alert')).toContainText('The run failed');
});

test.describe('raw events', () => {
  test.use({ appOptions: { demo: { pacing: 'instant' } } });

  test('a finished run shows every stored event, output deltas included, and one in full', async ({
    app,
    page,
  }) => {
    await app.open(page, '#/deals');
    await openDealByKeyboard(page, 'Harbour');
    const run = await askAgent(page, 'Deal coach', 'Summarise the deal');
    await expect(run.getByText('Done', { exact: true })).toBeVisible({ timeout: 30_000 });
    const runId = (await run.getByTitle('Run ID').textContent()) ?? '';

    // Collapsed until asked for.
    const list = run.getByRole('region', { name: 'Raw events' });
    await expect(list).toHaveCount(0);
    await openDetailsForIt(run);
    await run.getByRole('button', { name: 'Raw events' }).click();
    const count = run.getByText(/^[\d,]+ events?$/);
    await expect(count).toBeVisible();

    // As many as the transcript holds: one output event per token streamed, plus the others.
    const stored = await new TranscriptStore({ dataDir: app.dataDir }).read(runId);
    const events = stored?.events ?? [];
    const deltas = events.filter((event) => event.type === 'output').length;
    expect(deltas).toBe(app.demo.control.getRun(runId)?.usage.outputTokens);
    expect(events.length).toBeGreaterThan(deltas);
    await expect(count).toHaveText(`${events.length.toLocaleString('en-US')} events`);

    const delta = list.getByRole('button').filter({ hasText: 'delta' }).first();
    await expect(delta).toBeVisible();
    await delta.click();
    await expect(delta).toHaveAttribute('aria-pressed', 'true');
    const detail = run.getByLabel('Selected event');
    await expect(detail).toContainText('"type": "output"');
    await expect(detail).toContainText('"name": "delta"');

    // By keyboard: End selects the last event, fetched from the end of the transcript.
    await list.focus();
    await page.keyboard.press('End');
    const last = list.getByRole('button', { pressed: true });
    await expect(last).toContainText(String(events.length));
    await expect(last).toBeFocused();
    await expect(detail).toContainText('"type": "final"');
    await page.keyboard.press('ArrowUp');
    await expect(list.getByRole('button', { pressed: true })).toContainText(
      String(events.length - 1),
    );
  });
});

test.describe('raw events of a live run', () => {
  // Slow enough that the run is still streaming while the test scrolls the list.
  test.use({ appOptions: { demo: { pacing: 20 } } });

  test('follow new events at the bottom, and stay put anywhere else', async ({ app, page }) => {
    await app.open(page, '#/deals');
    await openDealByKeyboard(page, 'Harbour');
    const run = await askAgent(page, 'Deal coach', 'Summarise the deal');
    await openDetailsForIt(run);
    await run.getByRole('button', { name: 'Raw events' }).click();
    const list = run.getByRole('region', { name: 'Raw events' });
    const count = run.getByText(/^[\d,]+ events?$/);
    const shown = async () => Number(((await count.textContent()) ?? '').replace(/\D/g, ''));
    const scrollTop = () => list.evaluate((element) => element.scrollTop);
    const atBottom = () =>
      list.evaluate(
        (element) => element.scrollHeight - element.scrollTop - element.clientHeight < 12,
      );
    const toBottom = () =>
      list.evaluate((element) => {
        element.scrollTop = element.scrollHeight;
      });

    // At the bottom, the list keeps showing the newest events as they come.
    await expect.poll(shown, { timeout: 20_000 }).toBeGreaterThan(20);
    await toBottom();
    const atFirst = await shown();
    const topThen = await scrollTop();
    await expect.poll(shown, { timeout: 20_000 }).toBeGreaterThan(atFirst + 10);
    await expect.poll(scrollTop).toBeGreaterThan(topThen);
    expect(await atBottom()).toBe(true);

    // Scrolled to the top, it stays there while events keep coming.
    await list.evaluate((element) => {
      element.scrollTop = 0;
    });
    const before = await shown();
    await expect.poll(shown, { timeout: 20_000 }).toBeGreaterThan(before + 10);
    expect(await scrollTop()).toBe(0);
    await expect(list.getByRole('button').first().locator('.raw-index')).toHaveText('1');

    // Back at the bottom, it follows to the very last event.
    await toBottom();
    // (The status shows in the list's rows too: wait for the run's end by its Cancel button.)
    await expect(run.getByRole('button', { name: 'Cancel' })).toHaveCount(0, { timeout: 30_000 });
    const runId = (await run.getByTitle('Run ID').textContent()) ?? '';
    const total = (await new TranscriptStore({ dataDir: app.dataDir }).read(runId))?.events.length;
    await expect.poll(shown).toBe(total);
    await expect(list.getByRole('button').last()).toContainText(String(total));
    await expect.poll(atBottom).toBe(true);
  });
});

test.describe('history', () => {
  test.use({ appOptions: { demo: { pacing: 'instant' } } });

  test('pages through runs with previous and next, and filters by status', async ({
    app,
    page,
  }) => {
    await createRunsOnService(app, 12);
    await app.open(page, '#/runs');
    const history = page.getByRole('region', { name: 'History' });
    await history.getByLabel('Per page').selectOption('10');
    await expect(history.getByText(/^Answers 1–10/)).toBeVisible();
    // The header, the day ("Today"), then ten runs.
    await expect(history.getByRole('table').getByRole('row')).toHaveCount(12);
    await expect(history.getByRole('rowheader', { name: 'Today' })).toBeVisible();
    // Each run by its question, newest first; no run or deal id shown as text.
    await expect(history.getByRole('link', { name: 'History run 12' })).toBeVisible();
    await expect(history.getByRole('table')).not.toContainText(
      /[0-9a-f]{8}-?[0-9a-f]{4}|[0-9a-f]{8}…/i,
    );
    await history.getByRole('button', { name: /Next/ }).click();
    await expect(history.getByText(/^Answers 11–12/)).toBeVisible();
    await expect(page).toHaveURL(/offset=10/);
    await expect(history.getByRole('button', { name: /Next/ })).toBeDisabled();
    await history.getByRole('button', { name: /Previous/ }).click();
    await expect(history.getByText(/^Answers 1–10/)).toBeVisible();

    await history.getByLabel('Status').selectOption('failed');
    await expect(history.getByText('No answers that are “Failed”')).toBeVisible();

    await history.getByLabel('Status').selectOption('');
    await history.getByRole('table').getByRole('link').first().click();
    await expect(page).toHaveURL(/#\/runs\/[^/?]+$/);
    await openDetailsForIt(page.getByRole('article').first());
    await expect(page.getByRole('region', { name: 'The service’s record' })).toBeVisible();
    await expect(page.getByRole('link', { name: /All answers/ })).toBeVisible();
  });
});

test.describe('finding runs', () => {
  test.use({ appOptions: { demo: { pacing: 'instant' } } });

  test('an email draft reads as wrapped text and copies as the email', async ({
    app,
    page,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await app.open(page, '#/deals');
    await openDealByKeyboard(page, 'Caledonian');
    const run = await askAgent(page, 'Email writer', 'Draft a follow-up email');
    await expect(run.getByText('Done', { exact: true })).toBeVisible({ timeout: 15_000 });
    // Prose, not a monospace box that does not wrap.
    // The reader goes to the draft's end (End on the answer), where its Copy email is drawn.
    await run.getByRole('region', { name: /Output of Email writer/ }).press('End');
    await expect(run.locator('pre').filter({ hasText: 'Best regards' })).toHaveCount(0);
    await run.getByRole('button', { name: 'Copy email' }).click();
    await expect(run.getByRole('button', { name: 'Email copied' })).toBeVisible();
    const copied = String(await page.evaluate('navigator.clipboard.readText()'));
    expect(copied).toMatch(/^Subject: Next steps for /);
    expect(copied).toMatch(/Best regards,\nAlex$/);
  });

  test('runs made outside the app are found by question, agent and deal, and listed on the deal', async ({
    app,
    page,
  }) => {
    await createRunsOnService(app, 12);
    const deal = app.demo.control.deals()[0];
    if (!deal) throw new Error('no demo deal');
    await app.open(page, '#/runs');
    const history = page.getByRole('region', { name: 'History' });

    await history.getByRole('searchbox').fill('RUN 12');
    await expect(page).toHaveURL(/q=RUN\+12/);
    await expect(history.getByRole('table').getByRole('link')).toHaveText(['History run 12']);
    await expect(history.getByText(/^1 answer found\. Searched all 12 answers\./)).toBeVisible();

    await history.getByLabel('Agent').selectOption({ label: 'Objection handler' });
    await expect(history.getByText('No answer matches')).toBeVisible();
    await page.goBack();
    await expect(history.getByRole('table').getByRole('link')).toHaveText(['History run 12']);

    // The deal's page lists its runs, newest first, and leads to all of them.
    await page.goto(page.url().replace(/#.*$/, `#/deals/${deal.id}`));
    const onDeal = page.getByRole('region', { name: 'Runs on this deal' });
    await expect(onDeal.getByRole('listitem')).toHaveCount(10);
    await expect(onDeal.getByRole('listitem').first()).toContainText('History run 12');
    await onDeal.getByRole('link', { name: 'All runs on this deal' }).click();
    await expect(history.getByText(`Deal: ${deal.name}`)).toBeVisible();
    await expect(history.getByRole('table').getByRole('link')).toHaveCount(12);
  });
});

test('a run made outside the app opens with its answer, and Copy takes all of it', async ({
  app,
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  // Asked yesterday from the command line: this computer holds no transcript of it.
  const runId = await createRunOnService(app, {
    agentId: 'sales.deal_coach',
    message: 'What did we promise Harbour?',
    dealId: app.demo.control.deals()[0]?.id ?? '',
  });
  await app.demo.control.waitForRun(runId, 60_000);
  const answer = app.demo.control.runOutput(runId) ?? '';
  expect(answer.length).toBeGreaterThan(100);

  await app.open(page, `#/runs/${runId}`);
  const output = page.getByRole('region', { name: /^Output of/ });
  await expect(output).toContainText(answer.split('\n')[0]?.replace(/^#+\s*/, '') ?? '');
  await expect(output.getByText('No output.')).toHaveCount(0);
  // The run's id is for support: folded under Details, not shown beside the answer.
  const run = page.getByRole('article').first();
  await expect(run.getByTitle('Run ID')).toBeHidden();
  await run.locator('details.error-meta > summary').click();
  await expect(run.getByTitle('Run ID')).toHaveText(runId);
  const copy = page.getByRole('button', { name: 'Copy', exact: true }).first();
  await expect(copy).toBeEnabled();
  await copy.click();
  await expect(page.getByText('Output copied')).toBeVisible();
  // Ready to paste: clean text, and HTML for mail and documents; the answer quotes the
  // question, and that quote is not pasted as if it were the salesperson's words.
  expect(answer).toContain('> What did we promise Harbour?');
  const copied = String(await page.evaluate('navigator.clipboard.readText()'));
  expect(copied).toBe(pasteReady(answer, 'What did we promise Harbour?').text);
  expect(copied).not.toContain('What did we promise Harbour?');
  const html = await page.evaluate<string>(
    "navigator.clipboard.read().then(async ([item]) => item ? (await item.getType('text/html')).text() : '')",
  );
  expect(html).toContain(pasteReady(answer, 'What did we promise Harbour?').html.slice(0, 40));
});
