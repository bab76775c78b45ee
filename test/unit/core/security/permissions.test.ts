import { describe, expect, it } from 'vitest';
import { APP_ENTRY_URL, APP_ORIGIN } from '../../../../electron/core/security/app-origin';
import {
  decidePermission,
  type PermissionQuery,
} from '../../../../electron/core/security/permissions';

const fromApp = (permission: string): PermissionQuery => ({
  permission,
  requestingUrl: APP_ENTRY_URL,
  isMainFrame: true,
  window: 'app',
});

describe('web permissions', () => {
  it.each([
    'media',
    'geolocation',
    'notifications',
    'clipboard-read',
    'display-capture',
    'hid',
    'serial',
    'usb',
    'openExternal',
    'fullscreen',
    'unknown',
  ])('denies %s even to the app itself', (permission) => {
    expect(decidePermission(fromApp(permission), APP_ORIGIN)).toBe(false);
  });

  it('lets the app page write to the clipboard (Copy diagnostics)', () => {
    expect(decidePermission(fromApp('clipboard-sanitized-write'), APP_ORIGIN)).toBe(true);
  });

  it('grants nothing to frames, other origins or the sign-in window', () => {
    const write = fromApp('clipboard-sanitized-write');
    expect(decidePermission({ ...write, isMainFrame: false }, APP_ORIGIN)).toBe(false);
    expect(decidePermission({ ...write, requestingUrl: 'https://evil.example/' }, APP_ORIGIN)).toBe(
      false,
    );
    expect(decidePermission({ ...write, requestingUrl: undefined }, APP_ORIGIN)).toBe(false);
    expect(decidePermission({ ...write, window: 'sign-in' }, APP_ORIGIN)).toBe(false);
    expect(decidePermission({ ...write, window: 'unknown' }, APP_ORIGIN)).toBe(false);
  });
});
