// Web permissions (camera, notifications, clipboard, geolocation, HID…) asked for by pages. The
// app needs none of them except writing to the clipboard ("Copy diagnostics", copy a run's
// output) from its own page; every other request and check is refused, in every window.

import { isSameOrigin } from './app-origin';

export interface PermissionQuery {
  /** Electron's permission name, e.g. 'media', 'clipboard-sanitized-write'. */
  permission: string;
  /** URL of the frame asking (requestingUrl / requestingOrigin). */
  requestingUrl: string | undefined;
  /** False or unknown for sub-frames; only the main frame is ever granted anything. */
  isMainFrame: boolean;
  /** Which window's session the request came from. */
  window: 'app' | 'sign-in' | 'unknown';
}

const APP_PERMISSIONS: ReadonlySet<string> = new Set(['clipboard-sanitized-write']);

export function decidePermission(query: PermissionQuery, appOrigin: string): boolean {
  if (query.window !== 'app') return false;
  if (!query.isMainFrame) return false;
  if (!isSameOrigin(query.requestingUrl, appOrigin)) return false;
  return APP_PERMISSIONS.has(query.permission);
}
