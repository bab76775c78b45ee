// Brings a briefing card's heading into view and focus: for a notification, the tray, or Prepare.
import type { BriefingKind } from './store';

export function focusBriefing(kind: BriefingKind): void {
  const heading = document.getElementById(`briefing-${kind}`);
  heading?.scrollIntoView({ block: 'start' });
  heading?.focus({ preventScroll: true });
}
