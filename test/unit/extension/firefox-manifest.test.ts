// The Firefox package's manifest, made from the Chromium one at build time: the same names,
// permissions, hosts, icons and CSP; an event page running the same background file; the sidebar
// instead of the side panel; the id the app's Firefox host manifest lets in; nothing Firefox
// would warn about (the key, Chrome's minimum version, the managed-storage schema).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { firefoxManifest, FIREFOX_MIN_VERSION } from '../../../extension/build/firefox-manifest';
import { FIREFOX_EXTENSION_ID } from '../../../electron/companion/registration/extension-ids';

const source = JSON.parse(
  readFileSync(join(import.meta.dirname, '../../../extension/manifest.json'), 'utf8'),
) as Record<string, unknown>;

describe('the Firefox manifest', () => {
  const firefox = firefoxManifest({ ...source, key: 'MIIB…', version: '1.2.3' });

  it('keeps what both browsers read as it is', () => {
    for (const key of [
      'manifest_version',
      'name',
      'description',
      'default_locale',
      'host_permissions',
      'optional_host_permissions',
      'options_ui',
      'action',
      'icons',
      'content_security_policy',
      'version',
    ]) {
      expect(firefox[key], key).toEqual(key === 'version' ? '1.2.3' : source[key]);
    }
  });

  it('runs the same background file as an event page, and the panel as a sidebar', () => {
    expect(firefox.background).toEqual({ scripts: ['service-worker.js'], type: 'module' });
    expect(firefox.sidebar_action).toEqual({
      default_panel: 'panel.html',
      default_title: 'Assistant',
      default_icon: (source.action as { default_icon: unknown }).default_icon,
      open_at_install: false,
    });
    expect(firefox.permissions).toEqual(['nativeMessaging', 'storage']);
  });

  it('carries the id the app lets in, and the oldest Firefox with what the extension uses', () => {
    expect(firefox.browser_specific_settings).toEqual({
      gecko: { id: FIREFOX_EXTENSION_ID, strict_min_version: FIREFOX_MIN_VERSION },
    });
    expect(FIREFOX_MIN_VERSION).toBe('128.0');
  });

  it('leaves out what Firefox does not read', () => {
    for (const key of ['key', 'minimum_chrome_version', 'side_panel', 'storage']) {
      expect(firefox, key).not.toHaveProperty(key);
    }
  });
});
