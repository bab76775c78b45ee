// Book size: the time to the morning briefing painted with 5,000 deals against 48, the app the
// same, only the demo service's book bigger (#24: "a big book behaves like a small one"). Two
// browser-mode hosts, each over its own demo service, caches warm, loads alternated so a busy
// moment on the shared machine falls on both; medians compared.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startDemoService } from '../../electron/demo-service';
import { launchChromium } from '../renderer/lib/browser';
import type { Report } from '../renderer/lib/report';
import { fmt, median } from '../renderer/lib/stats';
import { loadOnce } from './cold-start';
import { startBenchHost } from './host';

const ROUNDS = 15;
const SMALL = 48;
const BIG = 5_000;
const GOAL = 1.1;

export async function measureBookSize(report: Report): Promise<void> {
  const base = await mkdtemp(join(tmpdir(), 'assistant-bench-book-'));
  const rendererDir = join(process.cwd(), 'out', 'renderer');
  const demos = await Promise.all(
    [SMALL, BIG].map((dealCount) => startDemoService({ pacing: 'instant', dealCount })),
  );
  const hosts = await Promise.all(
    demos.map((demo, i) => startBenchHost(demo, rendererDir, join(base, `data-${i}`))),
  );
  const browser = await launchChromium();
  try {
    const [small, big] = hosts.map((host) => host.url) as [string, string];
    // Warm the caches (the morning after yesterday's use) and the browser.
    for (const url of [small, big, small, big]) await loadOnce(browser, url);
    const smallTimes: number[] = [];
    const bigTimes: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      // Alternate which goes first, so neither always follows the other's garbage.
      const order = round % 2 === 0 ? [small, big] : [big, small];
      for (const url of order)
        (url === small ? smallTimes : bigTimes).push(await loadOnce(browser, url));
    }
    const ratio = median(bigTimes) / median(smallTimes);
    report.goal({
      name: `Book size: briefing painted with ${fmt(BIG)} deals vs ${SMALL}`,
      figure: `${fmt(ratio, 2)}x (${fmt(median(bigTimes))} vs ${fmt(median(smallTimes))} ms, medians of ${ROUNDS})`,
      goal: `<= ${GOAL}x`,
      met: ratio <= GOAL,
    });
    report.detail(
      `Book size, ${ROUNDS} alternating loads each: ${fmt(BIG)} deals ${bigTimes.map((t) => fmt(t)).join(', ')} ms; ${SMALL} deals ${smallTimes.map((t) => fmt(t)).join(', ')} ms.`,
    );
  } finally {
    await browser.close();
    for (const host of hosts) await host.stop();
    for (const demo of demos) await demo.stop();
    await rm(base, { recursive: true, force: true });
  }
}
