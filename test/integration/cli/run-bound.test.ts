// The command line keeps no more of a followed run than the app does (20 MB, core/limits.ts). A
// service streaming without end once took `runs start --follow` to a V8 out-of-memory crash at
// 4.2 GB; now the real command, against a real local server streaming 16 KB deltas without end,
// stops, says why on stderr, exits 4 and stays within a stated peak of memory. `runs follow` takes
// the same path (followToEnd in cli/commands/runs.ts), so one command stands for both.
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ANSWER_LIMITS } from '../../../electron/core/limits';
import { EXIT } from '../../../electron/cli/exit-codes';
import {
  FLOOD_RUN_MESSAGE,
  startHostileService,
  type HostileService,
} from '../../support/hostile-service';
import { underWine } from '../../support/wine';
import { ENTRY, ROOT, spawnCli, type CliResult } from './support';

/** Far more than any bound: the stream ends only when the command goes away. */
const ENDLESS = 64 * 1024 * 1024 * 1024;
const MEGABYTE = 1024 * 1024;
/**
 * The command's peak resident memory may reach this. Node and the command's code take about
 * 80 MB; the run it keeps (20 MB of text, held as strings, and a position per event) and what is
 * in flight add the rest. Unbounded, it grew past 4 GB.
 */
const PEAK_RSS_LIMIT_MB = 300;
const REPORT_PEAK = ['--import', pathToFileURL(`${ROOT}test/support/report-peak-rss.mjs`).href];

let service: HostileService;

beforeAll(async () => {
  service = await startHostileService({ floodBytes: ENDLESS });
});

afterAll(async () => {
  await service.stop();
});

async function followEndless(args: string[]): Promise<CliResult> {
  const run = spawnCli(args, {
    env: { ASSISTANT_BASE_URL: service.baseUrl, ASSISTANT_SESSION_TOKEN: 'token-of-the-test' },
    entry: [...REPORT_PEAK, ...ENTRY],
    timeoutMs: 60_000,
  });
  return run.done;
}

/** The peak the child reported as it exited (report-peak-rss.mjs), in MB. */
function peakRssMb(stderr: string): number | undefined {
  const kb = /^peak-rss-kb (\d+)$/m.exec(stderr)?.[1];
  return kb === undefined ? undefined : Number(kb) / 1024;
}

function expectBounded(result: CliResult, flood: { sent: number; cutShort: boolean }): void {
  expect(result.code, result.stderr).toBe(EXIT.service);
  expect(result.stderr).toMatch(
    /^assistant: The run sent more than 20 MB, more than the app keeps of one run: stopped following run run_\d+; it keeps running on the service\. To cancel it: assistant runs cancel run_\d+\. \(code answer_too_long\)$/m,
  );
  // What was printed is the run's text up to the bound, not beyond it.
  expect(result.stdout.length).toBeGreaterThan(DEFAULT_ANSWER_LIMITS.maxRunBytes * 0.9);
  expect(result.stdout.length).toBeLessThanOrEqual(DEFAULT_ANSWER_LIMITS.maxRunBytes);
  // The command hung up: the server sent about the bound (plus what sat in socket buffers).
  expect(flood.cutShort).toBe(true);
  expect(flood.sent).toBeLessThan(DEFAULT_ANSWER_LIMITS.maxRunBytes + 16 * MEGABYTE);
  if (underWine) {
    // The peak working set Node reads under Wine is Wine's emulation of Windows' figure, not
    // checked against Windows: not asserted there (docs/testing.md, "Windows under Wine").
    return;
  }
  const peak = peakRssMb(result.stderr);
  expect(peak, 'the child reports its peak memory').toBeDefined();
  expect(peak).toBeLessThan(PEAK_RSS_LIMIT_MB);
}

describe('a followed run that streams without end', () => {
  it('runs start --follow stops at the app’s bound, says why and exits 4, memory bounded', async () => {
    const result = await followEndless([
      'runs',
      'start',
      '--agent',
      'sales.coach',
      '--deal',
      '7f3c2a10-5b4e-4d8a-9c1f-2e6b8a0d4c11',
      '--message',
      FLOOD_RUN_MESSAGE,
      '--follow',
    ]);
    const runId = /^run (\S+) started/m.exec(result.stderr)?.[1] ?? '';
    const flood = await service.floods.get(`run:${runId}`);
    if (flood === undefined) throw new Error(`no flood for ${runId}:\n${result.stderr}`);
    expectBounded(result, flood);
  });
});
