// Browser mode's socket to its host drops while a run streams: the events sent meanwhile never
// reach the page. When the socket is back, the page must show the run's whole output, nothing
// lost and nothing twice, even when the run finished while the page was cut off (no further
// event would ever fill the gap). Playwright's WebSocket routing stands between the page and the
// host, so the test can cut the connection and refuse reconnections for a while.
import type { Page, WebSocketRoute } from '@playwright/test';
import { WIRE_PATH } from '../../../electron/contract';
import type { RunningApp } from '../support/app';
import { expect, test } from '../support/fixtures';
import { askAgent, openDealByKeyboard } from './helpers';

/** Passes the page's socket through to the host until `cut()`; refuses new ones until `restore()`. */
async function controllableSocket(page: Page) {
  let down = false;
  let current: { page: WebSocketRoute; host: WebSocketRoute } | undefined;
  await page.routeWebSocket(
    (url) => url.pathname === WIRE_PATH,
    (ws) => {
      if (down) {
        void ws.close({ code: 4000, reason: 'test: host unreachable' });
        return;
      }
      current = { page: ws, host: ws.connectToServer() };
    },
  );
  return {
    async cut() {
      down = true;
      const open = current;
      current = undefined;
      await open?.host.close();
      await open?.page.close({ code: 4000, reason: 'test: connection lost' });
    },
    restore() {
      down = false;
    },
  };
}

/** The run's text as the page holds it: what Copy puts on the clipboard. */
async function copiedOutput(page: Page, run: ReturnType<Page['locator']>): Promise<string> {
  await run.getByRole('button', { name: 'Copy' }).click();
  await expect(page.getByText('Output copied')).toBeVisible();
  return page.evaluate<string>('navigator.clipboard.readText()');
}

async function liveRunId(app: RunningApp): Promise<string> {
  const runs = app.mode.backend.liveRuns();
  if (runs.length > 0 && runs[0]) return runs[0].runId;
  const changed = await app.nextEvent('runs.changed', ({ runs: list }) => list.length > 0);
  return changed.runs[0]?.runId ?? '';
}

test('a run that finished while the host socket was down shows its whole output once it is back', async ({
  app,
  page,
  context,
}) => {
  test.setTimeout(90_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], {
    origin: new URL(app.url).origin,
  });
  const socket = await controllableSocket(page);
  await app.open(page, '#/deals');
  await openDealByKeyboard(page, 'Harbour');
  const run = await askAgent(page, 'Deal coach', 'What should I do this week?');
  const output = run.getByRole('region', { name: /Output of Deal coach/ });
  await expect(output).not.toContainText('Waiting for the first words', { timeout: 15_000 });
  const runId = await liveRunId(app);

  await socket.cut();
  await expect(page.getByText(/lost its connection to its host/)).toBeVisible();
  // The run goes on without the page and ends: the host sends its last events to nobody.
  const finished = app.nextEvent(
    'runs.changed',
    ({ runs }) => runs.some((r) => r.runId === runId && r.done),
    45_000,
  );
  await app.demo.control.waitForRun(runId, 45_000);
  await finished;
  socket.restore();

  await expect(page.getByText(/lost its connection to its host/)).toHaveCount(0, {
    timeout: 20_000,
  });
  await expect(run.getByText('succeeded', { exact: true })).toBeVisible();
  const full = app.demo.control.runOutput(runId) ?? '';
  expect(full.length).toBeGreaterThan(0);
  // The end of the text is on screen (the view follows the bottom), and the text is exact.
  const lastLine =
    full
      .trim()
      .split('\n')
      .at(-1)
      ?.replace(/[*_`#|>-]/g, '')
      .trim() ?? '';
  await expect(output).toContainText(lastLine.slice(0, 40));
  expect(await copiedOutput(page, run)).toBe(full);
});

test('a run still streaming when the host socket comes back loses and repeats nothing', async ({
  app,
  page,
  context,
}) => {
  test.setTimeout(90_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], {
    origin: new URL(app.url).origin,
  });
  const socket = await controllableSocket(page);
  await app.open(page, '#/deals');
  await openDealByKeyboard(page, 'Caledonian');
  const run = await askAgent(page, 'Email writer', 'Draft a long follow-up email');
  const output = run.getByRole('region', { name: /Output of Email writer/ });
  await expect(output).not.toContainText('Waiting for the first words', { timeout: 15_000 });
  const runId = await liveRunId(app);

  await socket.cut();
  await expect(page.getByText(/lost its connection to its host/)).toBeVisible();
  // Some text goes by while the page is cut off, then the socket is let back in mid-run.
  const before = app.demo.control.runOutput(runId)?.length ?? 0;
  await expect
    .poll(() => app.demo.control.runOutput(runId)?.length ?? 0, { timeout: 20_000 })
    .toBeGreaterThan(before + 40);
  expect(app.demo.control.getRun(runId)?.status).toBe('running');
  socket.restore();
  await expect(page.getByText(/lost its connection to its host/)).toHaveCount(0, {
    timeout: 20_000,
  });

  await app.demo.control.waitForRun(runId, 60_000);
  await expect(run.getByText('succeeded', { exact: true })).toBeVisible({ timeout: 15_000 });
  expect(await copiedOutput(page, run)).toBe(app.demo.control.runOutput(runId));
});
