// Prep that starts itself: where each meeting's prep stands, and the user having read one.
import type { AutoPrepPrepared, AutoPreps } from '../../../contract';
import type { Handlers } from '../dispatcher';

export type AutoPrepRequest = 'autoPrep.list' | 'autoPrep.markRead' | 'autoPrep.prepare';

/** What the handlers need of the automatic prep (electron/core/prep/). */
export interface AutoPrepView {
  list(): Promise<AutoPreps>;
  markRead(meetingKey: string): Promise<AutoPreps>;
  prepare(request: { meetingKey: string; dealId: string }): Promise<AutoPrepPrepared>;
}

export function createAutoPrepHandlers(view: AutoPrepView): Pick<Handlers, AutoPrepRequest> {
  return {
    'autoPrep.list': () => view.list(),
    'autoPrep.markRead': ({ meetingKey }) => view.markRead(meetingKey),
    'autoPrep.prepare': (request) => view.prepare(request),
  };
}
