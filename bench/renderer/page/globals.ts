// The few browser APIs the benchmark's page scripts use, typed here because the bench compiles
// under the Node program (no DOM library). Page scripts are bundled with esbuild and run in
// Chromium; only their types come from this file.

export interface PageNode {
  readonly nodeType: number;
  textContent: string | null;
}

export interface PageElement extends PageNode {
  append(...nodes: Array<PageNode | string>): void;
  readonly scrollTop: number;
  readonly scrollHeight: number;
  readonly clientHeight: number;
  closest(selector: string): PageElement | null;
  querySelectorAll(selector: string): ArrayLike<PageElement>;
}

export interface PageDocument {
  readonly body: PageElement;
  getElementById(id: string): PageElement | null;
  querySelector(selector: string): PageElement | null;
  querySelectorAll(selector: string): ArrayLike<PageElement>;
  createTextNode(data: string): PageNode;
}

export interface PageMutationRecord {
  readonly target: PageNode;
  readonly addedNodes: ArrayLike<PageNode>;
}

export interface PageMutationObserver {
  observe(
    target: PageNode,
    options: { childList?: boolean; subtree?: boolean; characterData?: boolean },
  ): void;
  disconnect(): void;
}

export interface PagePerformanceEntry {
  readonly entryType: string;
  readonly startTime: number;
  readonly duration: number;
}

export interface PagePerformanceObserver {
  observe(options: { type: string; buffered?: boolean }): void;
}

export interface PageEventSource {
  addEventListener(type: string, listener: (event: { data: string }) => void): void;
  onerror: (() => void) | null;
  close(): void;
}

export interface PageResponse {
  readonly ok: boolean;
  readonly status: number;
  json(): Promise<unknown>;
}

export interface PageGlobals {
  readonly document: PageDocument;
  readonly performance: { readonly timeOrigin: number; now(): number };
  requestAnimationFrame(callback: (time: number) => void): number;
  setTimeout(callback: () => void, ms: number): number;
  clearTimeout(handle: number): void;
  fetch(
    url: string,
    init: { method: string; headers: Record<string, string>; body: string },
  ): Promise<PageResponse>;
  readonly MutationObserver: new (
    callback: (records: PageMutationRecord[]) => void,
  ) => PageMutationObserver;
  readonly PerformanceObserver: (new (
    callback: (list: { getEntries(): PagePerformanceEntry[] }) => void,
  ) => PagePerformanceObserver) & { readonly supportedEntryTypes?: readonly string[] };
  readonly EventSource: new (url: string) => PageEventSource;
  /** Installed by probe.ts. */
  __benchProbe?: unknown;
  /** Installed by minimal.ts. */
  __benchMinimal?: unknown;
}

export const page = globalThis as unknown as PageGlobals;

/** Wall-clock milliseconds with sub-millisecond precision, comparable with Node's. */
export function epochNow(): number {
  return page.performance.timeOrigin + page.performance.now();
}
