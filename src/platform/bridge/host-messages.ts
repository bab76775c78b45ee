// Reading what the host sends on one connection: a frame is a message (an answer or an event), or
// a part of one too large for a frame (electron/contract/wire.ts), joined here with the parts
// before it. Anything else, or parts out of order, is dropped, never trusted.
import { HostFrame, HostMessage, type PartFrame } from '../../../electron/contract';

export interface HostMessages {
  /** The message a frame completes, or undefined (a part of one still coming, or not a frame). */
  read(data: unknown): HostMessage | undefined;
}

export function hostMessages(): HostMessages {
  let seq: number | undefined;
  let parts: string[] = [];
  const join = (part: PartFrame): string | undefined => {
    if (part.index === 0) {
      seq = part.seq;
      parts = [];
    } else if (part.seq !== seq || part.index !== parts.length) {
      seq = undefined;
      parts = [];
      return undefined;
    }
    parts.push(part.text);
    if (parts.length < part.count) return undefined;
    const whole = parts.join('');
    seq = undefined;
    parts = [];
    return whole;
  };
  return {
    read(data) {
      const frame = parse(data, HostFrame);
      if (frame?.type !== 'part') return frame;
      const whole = join(frame);
      return whole === undefined ? undefined : parse(whole, HostMessage);
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
