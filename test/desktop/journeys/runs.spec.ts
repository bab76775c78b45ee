// A run started from a deal streams to its end; closing the window keeps it running (the app
// stays in the tray, which shows the run), and the tray brings the window back on the run.
import { expect, test } from '../fixtures';
import { profileFor, runDone, signIn, startRun, transcriptText } from './support';

test('a run streams to its end while the window is closed to the tray, and the tray brings it back', async ({
  launchApp,
  demo,
}) => {
  demo.control.setRunLength(60);
  demo.control.setPacing(8);
  const app = await launchApp({ userDataDir: await profileFor(demo) });
  const page = await app.appWindow();
  await signIn(app, page);
  const { runId, agent } = await startRun(page);
  // The user watches it on its page, then closes the window.
  await page.evaluate(`location.hash = '#/runs/${runId}'`);

  await app.evaluateMain(({ BrowserWindow }) => BrowserWindow.getAllWindows()[0]?.close());
  await expect.poll(() => app.appWindowVisible()).toBe(false);
  // Still running, and the tray says so.
  await expect
    .poll(async () => JSON.stringify((await app.tray())?.items ?? []))
    .toContain('1 live run');
  expect(agent.title).toBeTruthy();

  const record = await demo.control.waitForRun(runId, 60_000);
  expect(record.status).toBeTruthy();
  await runDone(page, runId);
  expect(await transcriptText(page, runId)).toBe(demo.control.runOutput(runId));

  await app.clickTrayItem('Open Assistant');
  await expect.poll(() => app.appWindowVisible()).toBe(true);
  await expect(page).toHaveURL(new RegExp(`#/runs/${runId}$`));
  // The output's first line, as the page renders its Markdown heading: all of it, once (a batch
  // taken twice by a busy renderer showed "Deal coach: coach: Contoso…" here).
  const firstLine = (demo.control.runOutput(runId) ?? '').split('\n')[0] ?? '';
  const heading = firstLine.replace(/^#+\s*/, '');
  await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible();
});

test('the tray shows a live run and its Show item opens the window on it', async ({
  launchApp,
  demo,
}) => {
  demo.control.setPacing(5);
  const app = await launchApp({ userDataDir: await profileFor(demo) });
  const page = await app.appWindow();
  await signIn(app, page);
  await expect.poll(async () => (await app.tray())?.items).toContainEqual('No live runs');
  const { runId, agent } = await startRun(page);
  await app.evaluateMain(({ BrowserWindow }) => BrowserWindow.getAllWindows()[0]?.close());
  await expect.poll(async () => JSON.stringify((await app.tray())?.items)).toContain('1 live run');
  await app.clickTrayItem('Show');
  await expect.poll(() => app.appWindowVisible()).toBe(true);
  await expect(page).toHaveURL(new RegExp(runId));
  await app.clickTrayItem('Cancel run');
  await expect
    .poll(async () => (await demo.control.waitForRun(runId, 30_000)).status)
    .toMatch(/cancel/);
  expect(agent.title).toBeTruthy();
});
