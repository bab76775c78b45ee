// How much of what the service sends the app holds at most. A service (or whatever answers in its
// place) may send without end; each bound turns that into an error in words instead of a host
// that grows until the OS stops it, a transcript that fills the disk, or a page frame the socket
// cannot carry. Hosts may tune them (BackendOptions.limits); tests shrink them.

export interface AnswerLimits {
  /** Largest JSON answer read, in bytes: a bigger one is refused as it arrives. */
  maxBodyBytes: number;
  /**
   * Largest run kept, in bytes of its transcript (its text and other events, as stored): past it
   * the app stops following the run and keeps what it has.
   */
  maxRunBytes: number;
}

const MEGABYTE = 1024 * 1024;

/**
 * One event of a run as its transcript stores it, a JSON line: what counts against
 * `maxRunBytes`, in the app (runs/transcript-store.ts) and the command line (cli/run-bound.ts)
 * alike, so both stop following a run at the same size.
 */
export function runEventLine(event: unknown, position: string): string {
  return `${JSON.stringify({ pos: position, event })}\n`;
}

export const DEFAULT_ANSWER_LIMITS: AnswerLimits = {
  maxBodyBytes: 10 * MEGABYTE,
  maxRunBytes: 20 * MEGABYTE,
};

/** A size for people: `10 MB`, `512 KB`. */
export function formatBytes(bytes: number): string {
  if (bytes >= MEGABYTE) return `${Math.round((bytes / MEGABYTE) * 10) / 10} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}
