// Reading what the host sends on one connection: a frame is a message (an answer or an event), or
// a part of one too large for a frame, joined by the contract's joiner (electron/contract/frames)
// as the extension joins the companion's. Anything else, or parts out of order, is dropped, never
// trusted.
import { HostFrame, HostMessage, createPartJoiner } from '../../../electron/contract';

export interface HostMessages {
  /** The message a frame completes, or undefined (a part of one still coming, or not a frame). */
  read(data: unknown): HostMessage | undefined;
}

export function hostMessages(): HostMessages {
  const joiner = createPartJoiner();
  return {
    read(data) {
      const frame = parse(data, HostFrame);
      if (frame?.type !== 'part') return frame;
      const joined = joiner.accept(frame);
      return joined.kind === 'complete' ? parse(joined.text, HostMessage) : undefined;
    },
  };
}

function parse<T>(
  data: unknown,
  schema: { safeParse(value: unknown): { success: true; data: T } | { success: false } },
): T | undefined {
  if (typeof data !== 'string') return undefined;
  try {
    const parsed = schema.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
