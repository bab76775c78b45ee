// Quitting while a run streams: core closes the streams and flushes transcripts and settings,
// and the app is gone within its close timeout (5 s).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '../fixtures';
import { invoke, ok, profileFor, signIn, startRun, transcriptText } from './support';

test('quit while a run streams flushes transcripts and settings and exits in time', async ({
  launchApp,
  demo,
}) => {
  demo.control.setPacing(5);
  const profile = await profileFor(demo);
  const app = await launchApp({ userDataDir: profile });
  const page = await app.appWindow();
  await signIn(app, page);
  ok(await invoke(page, 'settings.update', { theme: 'dark' }));
  const { runId } = await startRun(page);
  await expect
    .poll(async () => (await transcriptText(page, runId))?.length ?? 0)
    .toBeGreaterThan(0);
  const shown = (await transcriptText(page, runId)) ?? '';

  const started = Date.now();
  expect(await app.quit()).toBe(0);
  expect(Date.now() - started).toBeLessThan(5_000 + 1_500);

  const settings = JSON.parse(readFileSync(join(profile, 'settings.json'), 'utf8')) as {
    theme: string;
  };
  expect(settings.theme).toBe('dark');
  const files = readdirSync(profile, { recursive: true })
    .map(String)
    .filter((f) => statSync(join(profile, f)).isFile());
  const transcript = files.find((f) => f.includes(runId));
  expect(transcript, `a transcript of ${runId} in ${files.join(', ')}`).toBeDefined();
  // The transcript on disk holds at least every word the page had shown.
  const stored = readFileSync(join(profile, transcript ?? ''), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as { event: { type: string; text?: string } })
    .filter((entry) => entry.event.type === 'output')
    .map((entry) => entry.event.text ?? '')
    .join('');
  expect(stored.startsWith(shown)).toBe(true);
  expect(existsSync(join(profile, 'window-state.json'))).toBe(true);
});
