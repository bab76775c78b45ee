// A server-sent event writer: one frame per write (Nagle off, headers flushed at once), a
// `retry:` hint first, and `: keep-alive` comments whenever nothing was written for a while.
import type { ServerResponse } from 'node:http';

export interface SseOptions {
  retryMs: number;
  keepAliveMs: number;
  headers?: Record<string, string>;
}

export interface SseWriter {
  send(id: number, event: string, data: unknown): void;
  /** Ends the response normally (the client sees a clean end of stream). */
  end(): void;
  /** Drops the connection without a proper end, as a broken network would. */
  destroy(): void;
  readonly closed: boolean;
  onClose(listener: () => void): void;
}

export function openSse(res: ServerResponse, options: SseOptions): SseWriter {
  res.socket?.setNoDelay(true);
  res.writeHead(200, {
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-store',
    Connection: 'keep-alive',
    'X-Accel-Buffering': 'no',
    'X-Content-Type-Options': 'nosniff',
    ...options.headers,
  });
  res.flushHeaders();

  let closed = false;
  let lastWrite = Date.now();
  const listeners: Array<() => void> = [];

  const write = (chunk: string): void => {
    if (closed || res.destroyed) return;
    lastWrite = Date.now();
    res.write(chunk);
  };

  // One timer, re-armed for the moment the connection will have been idle for keepAliveMs; a
  // write in between just moves that moment, so busy streams cost no timer churn per event.
  let timer: NodeJS.Timeout | undefined;
  const arm = (delay: number): void => {
    timer = setTimeout(() => {
      if (closed) return;
      const idle = Date.now() - lastWrite;
      if (idle >= options.keepAliveMs) {
        write(': keep-alive\n\n');
        arm(options.keepAliveMs);
      } else {
        arm(options.keepAliveMs - idle);
      }
    }, delay);
    timer.unref();
  };
  arm(options.keepAliveMs);

  const cleanup = (): void => {
    if (closed) return;
    closed = true;
    clearTimeout(timer);
    for (const listener of listeners.splice(0)) listener();
  };
  res.on('close', cleanup);

  write(`retry: ${options.retryMs}\n\n`);

  return {
    send(id, event, data) {
      write(`id: ${id}\nevent: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    },
    end() {
      if (!res.writableEnded) res.end();
      cleanup();
    },
    destroy() {
      res.destroy();
      cleanup();
    },
    get closed() {
      return closed;
    },
    onClose(listener) {
      if (closed) listener();
      else listeners.push(listener);
    },
  };
}
