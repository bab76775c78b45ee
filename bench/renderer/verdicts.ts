// The goals of the issue applied to the measured figures: one table row per goal (met or not,
// and by how much when not), and the supporting figures as details.
import { combineCosts } from './lib/browser';
import type { FrameCost, HeapFigures } from './lib/browser';
import type { Report } from './lib/report';
import { fmt, kib, median, mib, percentile } from './lib/stats';
import type { Latency } from './lib/runs';
import type { InitialJs } from './measure/bundle-size';
import { EARLY_WINDOW, LATE_WINDOW } from './measure/paced';
import type { PacedResult, PacedRound } from './measure/paced';
import type { StressResult } from './measure/throughput-heap';

/** The table's rows, one per goal of the issue. */
export const MEASURES = {
  size: 'Initial JS (gzip)',
  throughput: 'Events/s service -> DOM',
  heap: 'Heap after ten runs',
  latency: 'p95 delta -> paint',
  frames: 'Frame time @40,000 vs @1,000',
  longTask: 'Longest task (paced run)',
} as const;

const THROUGHPUT_GOAL = 0.8;
const LATENCY_SLACK_MS = 16.7;
const FRAME_RATIO_GOAL = 1.5;
const LONG_TASK_MS = 50;
const HEAP_RATIO_GOAL = 1.1;
const SIZE_RATIO_GOAL = 2;

/** The machine's load: on a shared 2-core machine, other processes move every timing. */
export function reportLoad(report: Report, atStart: number, atEnd: number, cpus: number): void {
  const busy = Math.max(atStart, atEnd) > cpus;
  report.detail(
    `machine: ${cpus} CPUs, 1-minute load average ${fmt(atStart, 1)} at the start, ${fmt(atEnd, 1)} at the end` +
      (busy
        ? " (busier than its CPUs: timings are noisy; the minimal page's long tasks show how much)"
        : ''),
  );
}

export function reportSizes(report: Report, app: InitialJs, reactOnly: InitialJs): void {
  const ratio = app.gzip / reactOnly.gzip;
  const met = ratio <= SIZE_RATIO_GOAL;
  report.goal({
    name: MEASURES.size,
    figure: `app ${kib(app.gzip)} vs React+ReactDOM ${kib(reactOnly.gzip)} = ${fmt(ratio, 2)}x`,
    goal: `<= ${fmt(SIZE_RATIO_GOAL, 2)}x`,
    met,
    ...(met
      ? {}
      : { note: `${kib(app.gzip - SIZE_RATIO_GOAL * reactOnly.gzip)} over the allowed size` }),
  });
  const list = (js: InitialJs) =>
    js.files.map((f) => `${f.name} ${kib(f.bytes)} (gzip ${kib(f.gzip)})`).join(', ');
  report.detail(`initial JS of the app: ${list(app)}`);
  report.detail(`React + ReactDOM only: ${list(reactOnly)}`);
}

export function reportStress(report: Report, stress: StressResult, tokens: number): void {
  const app = median(stress.app.map((r) => r.eventsPerSecond));
  const minimal = median(stress.minimal.map((r) => r.eventsPerSecond));
  const ratio = app / minimal;
  const met = ratio >= THROUGHPUT_GOAL;
  report.goal({
    name: MEASURES.throughput,
    figure: `app ${fmt(app)} vs minimal ${fmt(minimal)} events/s = ${fmt(ratio, 2)}x`,
    goal: `>= ${fmt(THROUGHPUT_GOAL, 2)}x`,
    met,
    ...(met
      ? {}
      : {
          note: `${fmt((THROUGHPUT_GOAL - ratio) * 100, 0)} points short: the app would need ${fmt(THROUGHPUT_GOAL * minimal)} events/s`,
        }),
  });
  const events = stress.app[0]?.events ?? 0;
  const reconnected = [...stress.app, ...stress.minimal].filter((r) => r.connections > 1).length;
  if (reconnected > 0) report.detail(`events/s: ${reconnected} runs reconnected their stream`);
  report.detail(
    `events/s: median of ${stress.app.length} runs per side, ${fmt(tokens)} tokens (${fmt(events)} events) each, alternating app and minimal; ` +
      `app best ${fmt(Math.max(...stress.app.map((r) => r.eventsPerSecond)))}, minimal best ${fmt(Math.max(...stress.minimal.map((r) => r.eventsPerSecond)))}; ` +
      `median time to the whole answer rendered: app ${fmt(median(stress.app.map((r) => r.ms)))} ms, minimal ${fmt(median(stress.minimal.map((r) => r.ms)))} ms`,
  );

  const { cold, before, after, dealAfter } = stress.heap;
  const heapRatio = after.js / before.js;
  const heapMet = heapRatio <= HEAP_RATIO_GOAL;
  report.goal({
    name: MEASURES.heap,
    figure: `${mib(after.js)} vs ${mib(before.js)} before = ${fmt(heapRatio, 2)}x`,
    goal: `<= ${fmt(HEAP_RATIO_GOAL, 2)}x`,
    met: heapMet,
    ...(heapMet
      ? {}
      : { note: `${mib(after.js - HEAP_RATIO_GOAL * before.js)} above the allowed heap` }),
  });
  const embedder = (h: HeapFigures) => (h.embedder === undefined ? 'n/a' : mib(h.embedder));
  report.detail(
    `heap (JS, after GC, Today screen): before ${mib(before.js)} (after a full-length warm-up run), after ${stress.app.length} runs ${mib(after.js)}; ` +
      `Blink heap (DOM) ${embedder(before)} -> ${embedder(after)}; ` +
      `on the deal screen still showing the last answer: JS ${mib(dealAfter.js)} (${fmt(dealAfter.js / before.js, 2)}x), Blink ${embedder(dealAfter)}`,
  );
  const part = (key: keyof typeof cold.composition) =>
    `${mib(cold.composition[key])} -> ${mib(after.composition[key])} (${fmt(after.composition[key] / cold.composition[key], 2)}x)`;
  report.detail(
    `heap after only a short warm-up run instead: ${mib(cold.js)} -> ${mib(after.js)} = ${fmt(after.js / cold.js, 2)}x; ` +
      `heap snapshots then and after the runs: V8 compiled code ${part('code')}, JavaScript data ${part('data')}, native ${part('native')}`,
  );
}

/** Latencies split by where in the answer they were measured (the minimal page slows down). */
const LATENCY_PARTS = [
  { label: 'tokens 1-10,000', from: 0, to: 10_000 },
  { label: 'tokens 30,000+', from: 30_000, to: Number.POSITIVE_INFINITY },
] as const;

function latencies(rounds: readonly PacedRound[]): Latency[] {
  return rounds.flatMap((r) => r.run.latencies);
}

function latencyLine(label: string, rounds: readonly PacedRound[]): string {
  const pooled = latencies(rounds);
  const all = pooled.map((l) => l.ms);
  const sent = rounds.reduce((sum, r) => sum + r.run.markersSent, 0);
  const parts = LATENCY_PARTS.map((part) => {
    const ms = pooled.filter((l) => l.token > part.from && l.token <= part.to).map((l) => l.ms);
    return `${part.label}: p95 ${fmt(percentile(ms, 95), 1)} ms`;
  });
  const perRound = rounds
    .map((r) =>
      fmt(
        percentile(
          r.run.latencies.map((l) => l.ms),
          95,
        ),
        1,
      ),
    )
    .join(' / ');
  return `${label}: ${all.length} of ${sent} section headings timed over ${rounds.length} runs, p50 ${fmt(percentile(all, 50), 1)} ms, p95 ${fmt(percentile(all, 95), 1)} ms (per run ${perRound}), max ${fmt(Math.max(...all), 1)} ms; ${parts.join(', ')}`;
}

function frameLine(label: string, cost: FrameCost): string {
  return `${label}: ${fmt(cost.taskMs, 2)} ms/frame over ${cost.frames} frames in ${fmt(cost.seconds, 2)} s (script ${fmt(cost.scriptMs, 2)}, layout ${fmt(cost.layoutMs, 2)}, style ${fmt(cost.styleMs, 2)})`;
}

function frameWindows(rounds: readonly PacedRound[]): { early: FrameCost; late: FrameCost } | null {
  const sampled = rounds.flatMap((r) => (r.run.during === undefined ? [] : [r.run.during]));
  if (sampled.length === 0) return null;
  return {
    early: combineCosts(sampled.map((w) => w.early)),
    late: combineCosts(sampled.map((w) => w.late)),
  };
}

export function reportPaced(report: Report, paced: PacedResult): void {
  const app95 = percentile(
    latencies(paced.app).map((l) => l.ms),
    95,
  );
  const min95 = percentile(
    latencies(paced.minimal).map((l) => l.ms),
    95,
  );
  const excess = app95 - min95;
  const latencyMet = excess <= LATENCY_SLACK_MS;
  report.goal({
    name: MEASURES.latency,
    figure: `app ${fmt(app95, 1)} ms vs minimal ${fmt(min95, 1)} ms (${excess >= 0 ? '+' : ''}${fmt(excess, 1)} ms)`,
    goal: `<= minimal + ${fmt(LATENCY_SLACK_MS, 1)} ms`,
    met: latencyMet,
    ...(latencyMet ? {} : { note: `${fmt(excess - LATENCY_SLACK_MS, 1)} ms over the allowed p95` }),
  });
  report.detail(latencyLine('latency, app', paced.app));
  report.detail(latencyLine('latency, minimal', paced.minimal));

  const frames = frameWindows(paced.app);
  if (frames === null) {
    report.notMeasured(MEASURES.frames, 'no frame windows were sampled');
  } else {
    const ratio = frames.late.taskMs / frames.early.taskMs;
    const met = ratio <= FRAME_RATIO_GOAL;
    report.goal({
      name: MEASURES.frames,
      figure: `${fmt(frames.late.taskMs, 2)} vs ${fmt(frames.early.taskMs, 2)} ms/frame = ${fmt(ratio, 2)}x`,
      goal: `<= ${fmt(FRAME_RATIO_GOAL, 2)}x`,
      met,
      ...(met
        ? {}
        : {
            note: `${fmt(ratio - FRAME_RATIO_GOAL, 2)}x over: per-frame cost grows with the answer`,
          }),
    });
    report.detail(frameLine(`frames, app, tokens ${EARLY_WINDOW.join('-')}`, frames.early));
    report.detail(frameLine(`frames, app, tokens ${LATE_WINDOW.join('-')}`, frames.late));
  }
  const minimalFrames = frameWindows(paced.minimal);
  if (minimalFrames !== null) {
    report.detail(
      frameLine(`frames, minimal, tokens ${EARLY_WINDOW.join('-')}`, minimalFrames.early),
    );
    report.detail(
      frameLine(`frames, minimal, tokens ${LATE_WINDOW.join('-')}`, minimalFrames.late),
    );
  }

  const supported = paced.app.every((r) => r.longTasks.supported.longtask);
  const tasks = paced.app.flatMap((r) => r.longTasks.longTasks);
  const longest = Math.max(0, ...tasks.map((t) => t.duration));
  const over = tasks.filter((t) => t.duration > LONG_TASK_MS);
  report.goal({
    name: MEASURES.longTask,
    figure: supported
      ? over.length === 0
        ? `none over ${LONG_TASK_MS} ms`
        : `${fmt(longest, 0)} ms (${over.length} over ${LONG_TASK_MS} ms)`
      : 'longtask entries not supported',
    goal: `none > ${LONG_TASK_MS} ms`,
    met: supported ? over.length === 0 : null,
    ...(over.length === 0
      ? {}
      : { note: `longest task ${fmt(longest - LONG_TASK_MS, 0)} ms over the limit` }),
  });

  // When each long task or frame happened, relative to its run: during the stream or at its end.
  const minimalFrameCount = paced.minimal.reduce(
    (sum, r) => sum + r.longTasks.longAnimationFrames.length,
    0,
  );
  const minimalTaskCount = paced.minimal.reduce((sum, r) => sum + r.longTasks.longTasks.length, 0);
  const appFrameCount = paced.app.reduce(
    (sum, r) => sum + r.longTasks.longAnimationFrames.length,
    0,
  );
  report.detail(
    `long animation frames (>= 50 ms) during the paced runs: app ${appFrameCount}, minimal ${minimalFrameCount}; long tasks: app ${tasks.length}, minimal ${minimalTaskCount}`,
  );
  paced.app.forEach((round, index) => {
    const { openedAt, completedAt } = round.run;
    const when = (start: number) =>
      start <= completedAt
        ? `${fmt((start - openedAt) / 1000, 2)} s into the stream`
        : `${fmt((start - completedAt) / 1000, 2)} s after the answer was complete`;
    const label = `app run ${index + 1}`;
    const longest = [...round.longTasks.longTasks].sort((a, b) => b.duration - a.duration);
    if (longest.length > 5) {
      report.detail(`long tasks, ${label}: ${longest.length}, the five longest:`);
    }
    for (const task of longest.slice(0, 5)) {
      report.detail(`long task, ${label}: ${fmt(task.duration, 0)} ms, ${when(task.start)}`);
    }
    const frames = [...round.longTasks.longAnimationFrames].sort((a, b) => b.duration - a.duration);
    for (const frame of frames.slice(0, 4)) {
      report.detail(
        `long frame, ${label}: ${fmt(frame.duration, 0)} ms (blocking ${fmt(frame.blockingDuration, 0)} ms), ${when(frame.start)}; ${frame.script}`,
      );
    }
  });
}
