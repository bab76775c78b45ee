// The Firefox package the same build makes (npm run build:extension): out/extension-firefox/,
// the Chromium folder's files with Firefox's manifest and without the managed-storage schema
// (Firefox reads IT's settings from its policies), and the .xpi addons.mozilla.org signs, which
// holds exactly that folder with the manifest at its root.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIREFOX_EXTENSION_ID } from '../../electron/companion/registration/extension-ids';
import { readZip } from '../../extension/build/zip';

const root = join(import.meta.dirname, '../..');
const chromium = join(root, 'out', 'extension');
const firefox = join(root, 'out', 'extension-firefox');
const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  version: string;
};

function files(folder: string): string[] {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(folder, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .sort();
}

const manifest = JSON.parse(readFileSync(join(firefox, 'manifest.json'), 'utf8')) as {
  version: string;
  permissions: string[];
  background: { scripts: string[]; service_worker?: string; type: string };
  sidebar_action: { default_panel: string };
  browser_specific_settings: { gecko: { id: string; strict_min_version: string } };
  content_security_policy: unknown;
  host_permissions: string[];
};

describe('the built Firefox package', () => {
  it('is the Chromium build’s files but the manifest and the managed-storage schema', () => {
    expect(files(firefox)).toEqual(
      files(chromium).filter((file) => file !== 'managed-schema.json'),
    );
    for (const file of files(firefox).filter((f) => f !== 'manifest.json')) {
      expect(
        readFileSync(join(firefox, file)).equals(readFileSync(join(chromium, file))),
        file,
      ).toBe(true);
    }
  });

  it('declares the Firefox id, an event page, the sidebar, and what both browsers share', () => {
    const source = JSON.parse(readFileSync(join(chromium, 'manifest.json'), 'utf8')) as {
      host_permissions: string[];
      content_security_policy: unknown;
    };
    expect(manifest.version).toBe(version);
    expect(manifest.browser_specific_settings.gecko.id).toBe(FIREFOX_EXTENSION_ID);
    expect(manifest.background).toEqual({ scripts: ['service-worker.js'], type: 'module' });
    expect(files(firefox)).toContain(manifest.background.scripts[0]);
    expect(files(firefox)).toContain(manifest.sidebar_action.default_panel);
    expect(manifest.permissions.sort()).toEqual(['nativeMessaging', 'storage']);
    expect(manifest.host_permissions).toEqual(source.host_permissions);
    expect(manifest.content_security_policy).toEqual(source.content_security_policy);
    expect(manifest).not.toHaveProperty('key');
  });

  it('is packed as an .xpi of exactly the folder, byte for byte, the manifest at its root', () => {
    const xpi = readZip(
      readFileSync(join(root, 'out', `assistant-companion-${version}-firefox.xpi`)),
    );
    expect(xpi.map((entry) => entry.name).sort()).toEqual(files(firefox));
    for (const entry of xpi) {
      expect(entry.data.equals(readFileSync(join(firefox, entry.name))), entry.name).toBe(true);
    }
  });
});
