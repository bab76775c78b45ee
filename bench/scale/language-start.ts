// Cold start in another language: the same page, host and cached briefing, opened by a browser
// whose language is German and by one whose language is English, alternately in one run. German
// loads its catalogue as a chunk of its own before the first paint; English loads no other
// language. The goal (#25): German within 1.05x of English.
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startDemoService } from '../../electron/demo-service';
import { launchChromium } from '../renderer/lib/browser';
import type { Report } from '../renderer/lib/report';
import { fmt, median } from '../renderer/lib/stats';
import { loadOnce } from './cold-start';
import { startBenchHost } from './host';

const ROUNDS = 15;

export async function measureLanguageStart(report: Report): Promise<void> {
  const base = await mkdtemp(join(tmpdir(), 'assistant-bench-language-'));
  const appDir = join(base, 'app');
  await cp(join(process.cwd(), 'out', 'renderer'), appDir, { recursive: true });
  const demo = await startDemoService({ pacing: 'instant' });
  const host = await startBenchHost(demo, appDir, join(base, 'data'));
  const browser = await launchChromium();
  const english = { locale: 'en-US', expectLang: 'en' };
  const german = { locale: 'de-DE', expectLang: 'de' };
  try {
    // Warm the host's caches and the browser, then alternate.
    await loadOnce(browser, host.url, english);
    await loadOnce(browser, host.url, german);
    const englishTimes: number[] = [];
    const germanTimes: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      englishTimes.push(await loadOnce(browser, host.url, english));
      germanTimes.push(await loadOnce(browser, host.url, german));
    }
    const ratio = median(germanTimes) / median(englishTimes);
    report.goal({
      name: 'Cold start in German against English',
      figure: `${fmt(ratio, 3)}x (${fmt(median(germanTimes))} vs ${fmt(median(englishTimes))} ms)`,
      goal: '<= 1.05x',
      met: ratio <= 1.05,
    });
    report.detail(
      `Language start, ${ROUNDS} alternating loads each: German ${germanTimes.map((t) => fmt(t)).join(', ')} ms; English ${englishTimes.map((t) => fmt(t)).join(', ')} ms.`,
    );
  } finally {
    await browser.close();
    await host.stop();
    await demo.stop();
    await rm(base, { recursive: true, force: true });
  }
}
