// A small WebDriver BiDi client over the `ws` package the app already uses: stock Firefox speaks
// BiDi, including `webExtension.install` (a temporary add-on, Firefox 138 and later), which
// Playwright's Firefox cannot do. Commands and their results are JSON; each result is read
// through zod, as every other process boundary is.
import { WebSocket } from 'ws';
import { z } from 'zod';

const Reply = z.union([
  z.object({ type: z.literal('success'), id: z.number(), result: z.unknown() }),
  z.object({
    type: z.literal('error'),
    id: z.number().nullable(),
    error: z.string(),
    message: z.string(),
  }),
  z.object({ type: z.literal('event'), method: z.string(), params: z.unknown() }),
]);

export interface Bidi {
  send(method: string, params: Record<string, unknown>): Promise<unknown>;
  close(): void;
}

export async function connectBidi(url: string): Promise<Bidi> {
  const socket = new WebSocket(url);
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  let next = 1;
  const waiting = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>();
  socket.on('message', (data: Buffer) => {
    const reply = Reply.safeParse(JSON.parse(data.toString('utf8')));
    if (!reply.success || reply.data.type === 'event') return;
    const waiter = reply.data.id === null ? undefined : waiting.get(reply.data.id);
    if (waiter === undefined) return;
    waiting.delete(reply.data.id ?? -1);
    if (reply.data.type === 'success') waiter.resolve(reply.data.result);
    else waiter.reject(new Error(`${reply.data.error}: ${reply.data.message}`));
  });
  socket.on('close', () => {
    for (const waiter of waiting.values()) waiter.reject(new Error('BiDi connection closed'));
    waiting.clear();
  });
  return {
    send(method, params) {
      const id = next++;
      return new Promise((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        socket.send(JSON.stringify({ id, method, params }));
      });
    },
    close: () => socket.close(),
  };
}
