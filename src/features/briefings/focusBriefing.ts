// Brings a briefing card's heading into view and focus (for a notification, the tray, or
// Prepare), once it is on screen.
import { focusWhenShown } from '../../platform/focusWhenShown';
import type { BriefingKind } from './store';

export function focusBriefing(kind: BriefingKind): void {
  focusWhenShown(() => document.getElementById(`briefing-${kind}`), 'start');
}
