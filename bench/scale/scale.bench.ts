// `npm run bench -- scale`: the app at the scale salespeople use it (docs/performance.md,
// "Benchmarks").
// Each part prints its figures against its goals; a part that breaks is "not measured" with the
// reason, and the others still run. Nothing here fails the build. Words after "scale" pick parts
// by name: `npm run bench -- scale book` runs "Book size" alone.
import { loadavg } from 'node:os';
import { Report } from '../renderer/lib/report';
import { fmt } from '../renderer/lib/stats';
import { ensureRenderer } from '../../electron/web/ensure-renderer';
import { measureBookSize } from './book-size';
import { measureColdStart } from './cold-start';
import { measureCommandLine } from './command-line';
import { measureLanguageStart } from './language-start';
import { measureTenRuns } from './ten-runs';
import { measureWeeksOfUse } from './weeks-of-use';

type Part = [name: string, measure: (report: Report) => Promise<void>];

export default async function scaleBench(): Promise<void> {
  const report = new Report('Scale goals');
  // The browser parts serve out/renderer: build it first when the sources are newer.
  console.log(`Renderer: ${await ensureRenderer(process.cwd())}`);
  const parts: Part[] = [
    ['Ten runs at once', measureTenRuns],
    ['Cold start', measureColdStart],
    ['Language start', measureLanguageStart],
    ['Book size', measureBookSize],
    ['Weeks of use', measureWeeksOfUse],
    ['Command line', measureCommandLine],
  ];
  // `npm run bench -- scale book`: only the parts whose name has one of the words after "scale".
  const words = process.argv
    .slice(2)
    .filter((arg) => arg !== 'scale')
    .map((w) => w.toLowerCase());
  const chosen = parts.filter(([name]) => words.some((w) => name.toLowerCase().includes(w)));
  for (const [name, measure] of chosen.length > 0 ? chosen : parts) {
    console.log(`${name}…`);
    const started = performance.now();
    try {
      await measure(report);
    } catch (error) {
      report.notMeasured(name, error instanceof Error ? error.message : String(error));
    }
    report.detail(`${name} took ${fmt((performance.now() - started) / 1000, 1)} s.`);
  }
  report.detail(
    `Load average at the end: ${loadavg()
      .map((n) => fmt(n, 2))
      .join(', ')} (2 cores).`,
  );
  report.print();
}
