// `npm run bench -- prep`: what automatic prep (electron/core/prep/) costs while nothing is due.
// Two backends, each alone in its process, idle side by side for the same minutes: one whose
// service's calendar holds 20 meetings with deals later today (none due within the window: the
// first is two hours away, the lead an hour), one whose calendar holds none. Goal (issue 38): the
// first's CPU time within 1.05x the second's, and its timers (a second or longer: the
// schedulers') firing at most once a minute. ASSISTANT_BENCH_IDLE_MINUTES shortens the window (default 10).
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { z } from 'zod';
import { startDemoService, type DemoService } from '../../electron/demo-service';
import { Report } from '../renderer/lib/report';
import { fmt } from '../renderer/lib/stats';

const MEETINGS = 20;
const Ready = z.object({ ready: z.literal(true) });
const Reported = z.object({ cpuMs: z.number(), firings: z.number().int(), minutes: z.number() });
type Reported = z.infer<typeof Reported>;

interface Idle {
  child: ChildProcessWithoutNullStreams;
  next(): Promise<string>;
}

function startIdle(demo: DemoService, dataDir: string): Idle {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join('bench', 'prep', 'idle-backend.ts'), '--data-dir', dataDir],
    {
      env: {
        ...process.env,
        ASSISTANT_BASE_URL: demo.baseUrl,
        ASSISTANT_SESSION_TOKEN: demo.token,
      },
      stdio: ['pipe', 'pipe', 'pipe'],
    },
  );
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  return {
    child,
    async next() {
      const line = await lines.next();
      if (line.done === true) throw new Error('the idle backend exited early');
      return line.value;
    },
  };
}

async function calendar(meetings: number): Promise<DemoService> {
  const demo = await startDemoService({ pacing: 'instant' });
  const deals = demo.control.deals();
  const first = Date.now() + 2 * 60 * 60_000;
  demo.control.setMeetings(
    Array.from({ length: meetings }, (_, i) => ({
      id: `idle-${i}`,
      title: `Meeting ${i + 1}`,
      startsAt: new Date(first + i * 15 * 60_000).toISOString(),
      dealId: deals[i % deals.length]?.id ?? '',
    })),
  );
  return demo;
}

export default async function idleBench(): Promise<void> {
  const minutes = Number(process.env.ASSISTANT_BENCH_IDLE_MINUTES ?? '10');
  const report = new Report('Automatic prep while idle');
  const base = await mkdtemp(join(tmpdir(), 'assistant-bench-idle-'));
  const demos = [await calendar(MEETINGS), await calendar(0)];
  const idles: Idle[] = [];
  try {
    for (const [i, demo] of demos.entries()) {
      const dataDir = join(base, `data-${i}`);
      await mkdir(dataDir);
      // The same agent for both: no first read of the agent list on one side only.
      await writeFile(
        join(dataDir, 'settings.json'),
        JSON.stringify({ notifications: { prepAgentId: 'sales.deal_coach' } }),
      );
      idles.push(startIdle(demo, dataDir));
    }
    for (const idle of idles) Ready.parse(JSON.parse(await idle.next()));
    console.log(`  idle for ${minutes} minutes…`);
    await new Promise((resolve) => setTimeout(resolve, minutes * 60_000));
    const reports: Reported[] = [];
    for (const idle of idles) {
      idle.child.stdin.write('report\n');
      reports.push(Reported.parse(JSON.parse(await idle.next())));
    }
    const [busy, none] = reports as [Reported, Reported];
    const ratio = busy.cpuMs / Math.max(1, none.cpuMs);
    report.goal({
      name: `Idle CPU, ${MEETINGS} meetings today vs none`,
      figure: `${fmt(ratio, 2)}x (${fmt(busy.cpuMs)} vs ${fmt(none.cpuMs)} ms of CPU in ${fmt(busy.minutes, 1)} min)`,
      goal: '<= 1.05x',
      met: ratio <= 1.05,
    });
    // Issue 38's measure: no timer firing more than once a minute without work. The backend's
    // other schedulers (notifications, quota) count too; the figure without meetings says how
    // much of it is theirs.
    report.goal({
      name: `Idle timer firings (1 s and longer), ${MEETINGS} meetings`,
      figure: `${fmt(busy.firings / busy.minutes, 2)} a minute (${busy.firings} in ${fmt(busy.minutes, 1)} min; none: ${none.firings})`,
      goal: '<= 1 a minute',
      met: busy.firings / busy.minutes <= 1,
    });
  } finally {
    for (const idle of idles) idle.child.kill('SIGTERM');
    for (const demo of demos) await demo.stop();
    await rm(base, { recursive: true, force: true });
  }
  report.print();
}
