// Fault switches for the client's tests: the next N API requests fail (503 + Retry-After by
// default) or are delayed, and the next N streams are cut after K events. Each switch is used
// up as it fires, so a test states exactly how many failures it wants.

export interface RequestFault {
  status: number;
  code: string;
  message: string;
  retryAfterSeconds: number | null;
}

export interface StreamFault {
  afterEvents: number;
  /** `destroy` drops the TCP connection; `end` finishes the response without a final event. */
  mode: 'destroy' | 'end';
}

export interface FailNextOptions {
  count?: number;
  status?: number;
  code?: string;
  message?: string;
  retryAfterSeconds?: number | null;
}

/** A value handed out a fixed number of times, then gone. */
class CountedSwitch<T> {
  private remaining = 0;
  private value: T | undefined;

  set(value: T, count: number): void {
    this.value = value;
    this.remaining = Math.max(0, Math.floor(count));
  }

  clear(): void {
    this.remaining = 0;
    this.value = undefined;
  }

  take(): T | undefined {
    if (this.remaining <= 0 || this.value === undefined) return undefined;
    this.remaining -= 1;
    return this.value;
  }
}

export class Faults {
  private readonly failures = new CountedSwitch<RequestFault>();
  private readonly delays = new CountedSwitch<number>();
  private readonly streamCuts = new CountedSwitch<StreamFault>();

  failNextRequests(options: FailNextOptions = {}): void {
    this.failures.set(
      {
        status: options.status ?? 503,
        code: options.code ?? 'service_unavailable',
        message: options.message ?? 'The demo service is temporarily unavailable (injected fault).',
        retryAfterSeconds: options.retryAfterSeconds === undefined ? 1 : options.retryAfterSeconds,
      },
      options.count ?? 1,
    );
  }

  delayNextRequests(options: { ms: number; count?: number }): void {
    this.delays.set(options.ms, options.count ?? 1);
  }

  cutNextStreams(options: {
    afterEvents: number;
    count?: number;
    mode?: StreamFault['mode'];
  }): void {
    this.streamCuts.set(
      { afterEvents: options.afterEvents, mode: options.mode ?? 'destroy' },
      options.count ?? 1,
    );
  }

  clear(): void {
    this.failures.clear();
    this.delays.clear();
    this.streamCuts.clear();
  }

  takeFailure(): RequestFault | undefined {
    return this.failures.take();
  }

  takeDelay(): number | undefined {
    return this.delays.take();
  }

  takeStreamCut(): StreamFault | undefined {
    return this.streamCuts.take();
  }
}
