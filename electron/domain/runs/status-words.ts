// A run's status as a salesperson reads it, the same in the app, its notifications and the tray:
// "Working…", "Done", "Stopped", "Failed", "Waiting", never the service's slugs.

const WORDS: Readonly<Record<string, string>> = {
  created: 'Waiting',
  queued: 'Waiting',
  running: 'Working…',
  succeeded: 'Done',
  cancelled: 'Stopped',
  failed: 'Failed',
};

/** The word for a status; one the app does not know reads as a sentence ("timed_out": "Timed out"). */
export function statusWord(status: string): string {
  const known = WORDS[status];
  if (known !== undefined) return known;
  const spaced = status.replace(/[_-]+/g, ' ').trim();
  return spaced === '' ? 'Unknown' : spaced[0]?.toUpperCase() + spaced.slice(1);
}

/** "Failed: the agent timed out", or the word alone when there is no reason to give. */
export function statusLine(status: string, reason?: string): string {
  const word = statusWord(status);
  return status === 'failed' && reason ? `${word}: ${reason}` : word;
}
