// Browser mode's socket to its host drops while a run streams: the events sent meanwhile never
// reach the page. When the socket is back, the page must show the run's whole output, nothing
// lost and nothing twice, even when the run finished while the page was cut off (no further
// event would ever fill the gap). Playwright's WebSocket routing stands between the page and the
// host, so the test can cut the connection and refuse reconnections for a while.
import type { BrowserContext, Page, WebSocketRoute } from '@playwright/test';
import { WIRE_PATH } from '../../../electron/contract';
import type { RunningApp } from '../support/app';
import { expect, test } from '../support/fixtures';
import { askAgent, openDealByKeyboard } from './helpers';
import { pasteReady } from '../../../src/lib/markdown/paste';

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

/** The run's text as the page holds it, as Copy puts it on the clipboard (plain text). */
async function copiedOutput(page: Page, run: ReturnType<Page['locator']>): Promise<string> {
  await run.getByRole('button', { name: 'Copy', exact: true }).click();
  await expect(page.getByText('Output copied')).toBeVisible();
  return page.evaluate<string>('navigator.clipboard.readText()');
}

async function liveRunId(app: RunningApp): Promise<string> {
  const runs = app.mode.backend.liveRuns();
  if (runs.length > 0 && runs[0]) return runs[0].runId;
  const changed = await app.nextEvent('runs.changed', ({ runs: list }) => list.length > 0);
  return changed.runs[0]?.runId ?? '';
}

/**
 * Opens the deal, asks the agent, waits for the run's first words, then cuts the page's socket
 * and waits for the page to say so. Clipboard access is granted so `copiedOutput` can read back.
 */
async function streamThenCut(
  { app, page, context }: { app: RunningApp; page: Page; context: BrowserContext },
  { deal, agent, prompt }: { deal: string; agent: string; prompt: string },
) {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], {
    origin: new URL(app.url).origin,
  });
  const socket = await controllableSocket(page);
  await app.open(page, '#/deals');
  await openDealByKeyboard(page, deal);
  const run = await askAgent(page, agent, prompt);
  const output = run.getByRole('region', { name: new RegExp(`Output of ${agent}`) });
  await expect(output).not.toContainText('Waiting for the first words', { timeout: 15_000 });
  const runId = await liveRunId(app);

  await socket.cut();
  await expect(page.getByText(/lost its connection to its host/)).toBeVisible();
  return { socket, run, output, runId };
}

test('a run that finished while the host socket was down shows its whole output once it is back', async ({
  app,
  page,
  context,
}) => {
  test.setTimeout(90_000);
  const { socket, run, output, runId } = await streamThenCut(
    { app, page, context },
    { deal: 'Harbour', agent: 'Deal coach', prompt: 'What should I do this week?' },
  );
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
  await expect(run.getByText('Done', { exact: true })).toBeVisible();
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
  expect(await copiedOutput(page, run)).toBe(pasteReady(full, 'What should I do this week?').text);
});

test('a run still streaming when the host socket comes back loses and repeats nothing', async ({
  app,
  page,
  context,
}) => {
  test.setTimeout(90_000);
  const { socket, run, runId } = await streamThenCut(
    { app, page, context },
    { deal: 'Caledonian', agent: 'Email writer', prompt: 'Draft a long follow-up email' },
  );
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
  await expect(run.getByText('Done', { exact: true })).toBeVisible({ timeout: 15_000 });
  expect(await copiedOutput(page, run)).toBe(
    pasteReady(app.demo.control.runOutput(runId) ?? '', 'Draft a long follow-up email').text,
  );
});
