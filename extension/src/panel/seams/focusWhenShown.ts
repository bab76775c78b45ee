// The panel's seam for src/platform/focusWhenShown.ts (extension/vite.config.ts swaps it in): a
// deal named in an answer opens in the desktop app, which is where the deal's page is.
import { deepLinkToDeal } from '../deep-links';

export function openAndFocus(route: { name: string; dealId?: string }): void {
  if (route.name === 'deals' && route.dealId !== undefined) {
    window.open(deepLinkToDeal(route.dealId), '_self');
  }
}
