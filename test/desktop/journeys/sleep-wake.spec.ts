// The laptop sleeps mid-run and wakes: the run re-attaches to its stream and its text ends up
// exactly as the service produced it, nothing lost and nothing doubled.
import { expect, test } from '../fixtures';
import { profileFor, runDone, signIn, startRun, transcriptText } from './support';

test('sleep and wake mid-run: the run re-attaches and no text is lost or doubled', async ({
  launchApp,
  demo,
}) => {
  demo.control.setRunLength(80);
  demo.control.setPacing(20);
  const app = await launchApp({ userDataDir: await profileFor(demo) });
  const page = await app.appWindow();
  await signIn(app, page);
  const { runId } = await startRun(page);
  await page.evaluate(`location.hash = '#/runs/${runId}'`);
  await expect
    .poll(async () => (await transcriptText(page, runId))?.length ?? 0)
    .toBeGreaterThan(0);

  // Asleep: the stream is cut (as a suspended machine loses its connections) for a while.
  demo.control.cutNextStreams({ afterEvents: 0, count: 1 });
  await app.sleepAndWake(1_500);

  const record = await demo.control.waitForRun(runId, 60_000);
  expect(record).toBeTruthy();
  await runDone(page, runId);
  const expected = demo.control.runOutput(runId) ?? '';
  expect(expected.length).toBeGreaterThan(0);
  expect(await transcriptText(page, runId)).toBe(expected);
});
