// Following where a notification, the tray or a deep link points: a screen (and, for the global
// shortcut, the deal search), or the inbox panel over whatever screen is showing.
import type { Navigate } from '../../../electron/contract';
import { openAndFocus } from '../../platform/focusWhenShown';
import { navigate } from '../../platform/router';
import { focusDealSearch } from '../../platform/dealSearchFocus';
import { routeForTarget } from '../../lib/routes';
import { useInbox } from './store';

export function follow(target: Navigate): void {
  if (target.focus === 'inbox') {
    useInbox.getState().setPanelOpen(true);
    return;
  }
  if (target.focus === 'search') {
    navigate(routeForTarget(target));
    focusDealSearch();
  } else openAndFocus(routeForTarget(target));
}
