// The measuring probe, injected into both pages (the app and the minimal EventSource page) so
// both are measured by the same code. A MutationObserver notes DOM changes; the probe's own
// animation-frame callback, the first one of every frame, then looks for new markers and for the
// end of the text, and stamps what it finds with the time. A change made during frame F (both
// pages change the DOM in their frame callbacks) is thus stamped at the start of frame F + 1,
// once F, with the new text, has been rendered: the stamp is "after its paint", the same way on
// both sides. It also counts frames and records long tasks for the frame-time figures.
import { epochNow, page } from './globals';
import type { PageElement, PageMutationRecord, PagePerformanceEntry } from './globals';
import type {
  LongTaskReport,
  ProbeApi,
  ProbeConfig,
  ProbeDone,
  ProbeInspection,
  ProbeResult,
} from './protocol';
import { MARKER_IN_RENDERED_TEXT, normaliseText } from './text';

let config: ProbeConfig | undefined;
/**
 * Roots present when the probe was armed: they show an earlier run, not the one measured. Weak:
 * a detached root would otherwise keep the earlier run's component tree and output alive.
 */
let stale = new WeakSet<PageElement>();
let markers: Array<[number, number]> = [];
let seen = new Set<number>();
let completeAt: number | null = null;
/** `scan`: the DOM changed since the last frame callback. */
let dirty = false;
/** `append`: markers and completion found in appended text, stamped at the next frame. */
let found: number[] = [];
let appendedAll = false;
let appended = 0;
let carry = '';
let frames = 0;
const longTasks: LongTaskReport['longTasks'] = [];
const longAnimationFrames: LongTaskReport['longAnimationFrames'] = [];
let waiters: Array<(done: ProbeDone) => void> = [];

function newMarkers(text: string): number[] {
  const fresh: number[] = [];
  for (const match of text.matchAll(MARKER_IN_RENDERED_TEXT)) {
    const n = Number(match[1]);
    if (!seen.has(n)) {
      seen.add(n);
      fresh.push(n);
    }
  }
  return fresh;
}

function currentRoot(selector: string): PageElement | undefined {
  const all = page.document.querySelectorAll(selector);
  for (let i = 0; i < all.length; i += 1) {
    const element = all[i];
    if (element !== undefined && !stale.has(element)) return element;
  }
  return undefined;
}

function onMutations(records: PageMutationRecord[]): void {
  if (config === undefined || completeAt !== null) return;
  if (config.mode === 'scan') {
    dirty = true;
    return;
  }
  const root = currentRoot(config.rootSelector);
  if (root === undefined) return;
  for (const record of records) {
    if (record.target !== root) continue;
    for (let i = 0; i < record.addedNodes.length; i += 1) {
      const data = record.addedNodes[i]?.textContent ?? '';
      appended += data.length;
      // Keep the end of the previous piece: a marker may straddle two frames' appends.
      const window = carry + data;
      found.push(...newMarkers(window));
      carry = window.slice(-32);
    }
  }
  if (appended >= config.expectedLength) appendedAll = true;
}

/** At the start of a frame: what the previous frames rendered. */
function check(): void {
  if (config === undefined || completeAt !== null) return;
  let fresh: number[] = [];
  let complete = false;
  if (config.mode === 'append') {
    fresh = found;
    found = [];
    complete = appendedAll;
  } else if (dirty) {
    dirty = false;
    const root = currentRoot(config.rootSelector);
    if (root === undefined) return;
    const text = root.textContent ?? '';
    fresh = newMarkers(text);
    complete = normaliseText(text).endsWith(config.expectedTail);
  }
  if (fresh.length === 0 && !complete) return;
  const at = epochNow();
  for (const marker of fresh) markers.push([marker, at]);
  if (complete) completeAt = at;
}

/** The text is complete and, when configured, the page shows the run's end. */
function isDone(): boolean {
  if (config === undefined || completeAt === null) return false;
  const finished = config.finished;
  if (finished === undefined) return true;
  const container = currentRoot(config.rootSelector)?.closest(finished.container);
  const shown = container?.querySelectorAll(finished.selector) ?? [];
  for (let i = 0; i < shown.length; i += 1) {
    if (shown[i]?.textContent?.endsWith(finished.textEnd) === true) return true;
  }
  return false;
}

function settleWaiters(): void {
  if (waiters.length === 0 || !isDone()) return;
  const settled = waiters;
  waiters = [];
  for (const settle of settled) settle({ done: true });
}

const observer = new page.MutationObserver(onMutations);

// Registered again inside its own callback, before the pages register theirs for the next frame
// (they do so from network tasks between frames): it stays the first callback of every frame.
const onFrame = (): void => {
  frames += 1;
  page.requestAnimationFrame(onFrame);
  check();
  settleWaiters();
};
page.requestAnimationFrame(onFrame);

interface ScriptTiming {
  duration: number;
  invoker?: string;
  invokerType?: string;
  sourceURL?: string;
  sourceFunctionName?: string;
  forcedStyleAndLayoutDuration?: number;
}

function describeLongestScript(scripts: readonly ScriptTiming[]): string {
  let longest: ScriptTiming | undefined;
  for (const script of scripts) {
    if (!longest || script.duration > longest.duration) longest = script;
  }
  if (longest === undefined) return 'none';
  const file = (longest.sourceURL ?? '').split('/').pop() ?? '';
  const where = `${file}${longest.sourceFunctionName ? ` ${longest.sourceFunctionName}` : ''}`;
  const layout = longest.forcedStyleAndLayoutDuration ?? 0;
  return `${longest.invokerType ?? ''} ${longest.invoker ?? ''} [${where}] ${Math.round(longest.duration)} ms${layout > 0 ? ` (forced layout ${Math.round(layout)} ms)` : ''}`;
}

function inspect(): ProbeInspection {
  const root = config === undefined ? undefined : currentRoot(config.rootSelector);
  return {
    rootFound: root !== undefined,
    appended,
    textEnd: normaliseText(root?.textContent ?? '').slice(-80),
    scroll:
      root === undefined
        ? ''
        : `scrollTop ${root.scrollTop}, scrollHeight ${root.scrollHeight}, clientHeight ${root.clientHeight}`,
  };
}

const supported = page.PerformanceObserver.supportedEntryTypes ?? [];
const toEpoch = (entry: PagePerformanceEntry) => page.performance.timeOrigin + entry.startTime;
if (supported.includes('longtask')) {
  new page.PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      longTasks.push({ start: toEpoch(entry), duration: entry.duration });
    }
  }).observe({ type: 'longtask', buffered: true });
}
if (supported.includes('long-animation-frame')) {
  new page.PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const frame = entry as PagePerformanceEntry & {
        blockingDuration?: number;
        renderStart?: number;
        styleAndLayoutStart?: number;
        scripts?: ScriptTiming[];
      };
      const end = entry.startTime + entry.duration;
      // Time from the start of the frame's rendering (rAF callbacks on) and of its style and
      // layout to the end of the frame.
      const render = frame.renderStart ? end - frame.renderStart : 0;
      const layout = frame.styleAndLayoutStart ? end - frame.styleAndLayoutStart : 0;
      longAnimationFrames.push({
        start: toEpoch(entry),
        duration: entry.duration,
        blockingDuration: frame.blockingDuration ?? 0,
        script: `rendering ${Math.round(render)} ms (style+layout+paint ${Math.round(layout)} ms); longest script: ${describeLongestScript(frame.scripts ?? [])}`,
      });
    }
  }).observe({ type: 'long-animation-frame', buffered: true });
}

const api: ProbeApi = {
  arm(next) {
    observer.disconnect();
    config = next;
    // The minimal page empties and reuses its root; the app mounts a new one per run.
    stale = new WeakSet(
      next.mode === 'scan' ? Array.from(page.document.querySelectorAll(next.rootSelector)) : [],
    );
    markers = [];
    seen = new Set();
    completeAt = null;
    dirty = false;
    found = [];
    appendedAll = false;
    appended = 0;
    carry = '';
    waiters = [];
    observer.observe(page.document.body, { childList: true, subtree: true, characterData: true });
  },
  inspect,
  result(): ProbeResult {
    return { markers: [...markers], completeAt, frames };
  },
  sample() {
    return { frames, at: epochNow() };
  },
  longTasks(since) {
    return {
      longTasks: longTasks.filter((t) => t.start >= since),
      longAnimationFrames: longAnimationFrames.filter((t) => t.start >= since),
      supported: {
        longtask: supported.includes('longtask'),
        longAnimationFrame: supported.includes('long-animation-frame'),
      },
    };
  },
  whenDone(timeoutMs) {
    if (isDone()) return Promise.resolve({ done: true });
    return new Promise<ProbeDone>((resolve) => {
      const settle = (done: ProbeDone) => {
        page.clearTimeout(timer);
        resolve(done);
      };
      const timer = page.setTimeout(() => {
        waiters = waiters.filter((w) => w !== settle);
        resolve({ done: false, seen: inspect() });
      }, timeoutMs);
      waiters.push(settle);
    });
  },
};
page.__benchProbe = api;
