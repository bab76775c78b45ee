import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  allowedOrigins,
  DEVELOPMENT_EXTENSION_ID,
  DEVELOPMENT_EXTENSION_KEY,
  EXTENSION_ID,
  extensionIdOf,
  EXTRA_EXTENSION_IDS_ENV,
  PUBLISHED_EXTENSION_IDS,
  servedOrigins,
} from '../../../../electron/companion/registration/extension-ids';
import {
  hostManifest,
  manifestFilePlaces,
  registryPlaces,
  unreachableManifestPaths,
} from '../../../../electron/companion/registration/manifests';
import {
  companionDir,
  socketPlace,
  type PlaceInputs,
  type SocketPlace,
} from '../../../../electron/companion/places';

const NAME = 'com.assistant.desktop.companion';

describe('the extension ids', () => {
  it('derives the development id from the key its manifest carries', () => {
    expect(extensionIdOf(DEVELOPMENT_EXTENSION_KEY)).toBe(DEVELOPMENT_EXTENSION_ID);
    expect(DEVELOPMENT_EXTENSION_ID).toMatch(EXTENSION_ID);
  });
});

describe('which extensions each kind of run lets in', () => {
  const CHROME_STORE = 'aaaabbbbccccddddeeeeffffgggghhhh';
  const EDGE_STORE = 'hhhhggggffffeeeeddddccccbbbbaaaa';
  const origin = (id: string) => `chrome-extension://${id}/`;
  const FIREFOX = 'firefox:companion@assistant-desktop.example';

  it('the installed app built with the stores’ ids: those, and not the development id', () => {
    expect(allowedOrigins('packaged', [CHROME_STORE, EDGE_STORE])).toEqual([
      origin(CHROME_STORE),
      origin(EDGE_STORE),
    ]);
  });

  it('a run from the sources: the development id only, whatever ids the build had', () => {
    expect(allowedOrigins('development', [CHROME_STORE, EDGE_STORE])).toEqual([
      origin(DEVELOPMENT_EXTENSION_ID),
    ]);
    expect(allowedOrigins('development', [])).toEqual([origin(DEVELOPMENT_EXTENSION_ID)]);
  });

  it('an installed app built without ids (a developer’s dist): none, never the public development id', () => {
    expect(allowedOrigins('packaged', [])).toEqual([]);
  });

  it('the companion host of a run from the sources also answers the ids its environment names', () => {
    const env = { [EXTRA_EXTENSION_IDS_ENV]: `${CHROME_STORE}, not-an-id,${EDGE_STORE}` };
    expect(servedOrigins('development', env, [])).toEqual([
      origin(DEVELOPMENT_EXTENSION_ID),
      FIREFOX,
      origin(CHROME_STORE),
      origin(EDGE_STORE),
    ]);
    // An installed app reads no such variable. Firefox's one id is let in by every kind of run.
    expect(servedOrigins('packaged', env, [EDGE_STORE])).toEqual([origin(EDGE_STORE), FIREFOX]);
    expect(servedOrigins('packaged', env, [])).toEqual([FIREFOX]);
  });

  it('unbundled, as here, no store ids are baked in', () => {
    expect(PUBLISHED_EXTENSION_IDS).toEqual([]);
  });
});

describe('the host manifest', () => {
  it('names the relay, stdio, and the origins it is given', () => {
    const origins = allowedOrigins('development');
    expect(hostManifest('/opt/Assistant Desktop/resources/assistant-relay', origins)).toEqual({
      name: NAME,
      description: expect.any(String) as string,
      path: '/opt/Assistant Desktop/resources/assistant-relay',
      type: 'stdio',
      allowed_origins: [`chrome-extension://${DEVELOPMENT_EXTENSION_ID}/`],
    });
  });
});

describe('where each browser looks for it', () => {
  it('Linux: the four browsers’ config folders, never a Flatpak’s or a Snap’s', () => {
    const places = manifestFilePlaces({ platform: 'linux', home: '/home/mia' });
    expect(places.map((p) => p.manifestPath)).toEqual([
      `/home/mia/.config/google-chrome/NativeMessagingHosts/${NAME}.json`,
      `/home/mia/.config/chromium/NativeMessagingHosts/${NAME}.json`,
      `/home/mia/.config/microsoft-edge/NativeMessagingHosts/${NAME}.json`,
      `/home/mia/.config/BraveSoftware/Brave-Browser/NativeMessagingHosts/${NAME}.json`,
    ]);
    // A Flatpak's sandbox cannot run the relay nor reach the socket; Snap's Chromium starts no
    // native-messaging host: neither gets a manifest.
    for (const place of places) expect(place.manifestPath).not.toMatch(/\.var\/app|\/snap\//);
    const xdg = manifestFilePlaces({ platform: 'linux', home: '/home/mia', configHome: '/cfg' });
    expect(xdg[1]?.browserDir).toBe('/cfg/chromium');
  });

  it('Linux: where earlier versions wrote the Flatpak builds’ manifests, to remove them', () => {
    expect(unreachableManifestPaths({ platform: 'linux', home: '/home/mia' })).toEqual([
      `/home/mia/.var/app/com.google.Chrome/config/google-chrome/NativeMessagingHosts/${NAME}.json`,
      `/home/mia/.var/app/org.chromium.Chromium/config/chromium/NativeMessagingHosts/${NAME}.json`,
      `/home/mia/.var/app/com.microsoft.Edge/config/microsoft-edge/NativeMessagingHosts/${NAME}.json`,
      `/home/mia/.var/app/com.brave.Browser/config/BraveSoftware/Brave-Browser/NativeMessagingHosts/${NAME}.json`,
    ]);
    expect(unreachableManifestPaths({ platform: 'darwin', home: '/Users/mia' })).toEqual([]);
    expect(unreachableManifestPaths({ platform: 'win32', home: 'C:\\Users\\mia' })).toEqual([]);
  });

  it('macOS: Application Support', () => {
    const places = manifestFilePlaces({ platform: 'darwin', home: '/Users/mia' });
    expect(places.map((p) => [p.browser, p.manifestPath])).toEqual([
      [
        'chrome',
        `/Users/mia/Library/Application Support/Google/Chrome/NativeMessagingHosts/${NAME}.json`,
      ],
      [
        'chromium',
        `/Users/mia/Library/Application Support/Chromium/NativeMessagingHosts/${NAME}.json`,
      ],
      [
        'edge',
        `/Users/mia/Library/Application Support/Microsoft Edge/NativeMessagingHosts/${NAME}.json`,
      ],
      [
        'brave',
        `/Users/mia/Library/Application Support/BraveSoftware/Brave-Browser/NativeMessagingHosts/${NAME}.json`,
      ],
    ]);
  });

  it('Windows: no folders, but a key per browser under HKCU pointing at the manifest file', () => {
    expect(manifestFilePlaces({ platform: 'win32', home: 'C:\\Users\\mia' })).toEqual([]);
    expect(registryPlaces()).toEqual(
      [
        ['chrome', 'Software\\Google\\Chrome'],
        ['chromium', 'Software\\Chromium'],
        ['edge', 'Software\\Microsoft\\Edge'],
        ['brave', 'Software\\BraveSoftware\\Brave-Browser'],
      ].map(([browser, browserKey]) => ({
        browser,
        key: `HKCU\\${browserKey}\\NativeMessagingHosts\\${NAME}`,
      })),
    );
  });
});

describe('the socket and the companion folder (the relay reads the address the app records)', () => {
  const base: PlaceInputs = {
    platform: 'linux',
    env: {},
    home: '/home/mia',
    uid: 1000,
    username: 'mia',
  };
  const pathOf = (place: SocketPlace) => ('path' in place ? place.path : undefined);

  it('Linux: the runtime folder when there is one, else a private folder of its own, never a fixed /tmp path', () => {
    const runtime = socketPlace({ ...base, env: { XDG_RUNTIME_DIR: '/run/user/1000' } });
    expect(runtime.kind).toBe('runtime');
    expect(pathOf(runtime)).toBe('/run/user/1000/assistant-desktop/companion.sock');
    expect(socketPlace(base)).toEqual({ kind: 'private-folder', parent: '/tmp' });
    expect(socketPlace({ ...base, env: { XDG_RUNTIME_DIR: 'relative' } })).toEqual({
      kind: 'private-folder',
      parent: '/tmp',
    });
    // A runtime folder so deep that the socket's path would not fit sun_path.
    const deep = `/run/${'x'.repeat(90)}`;
    expect(socketPlace({ ...base, env: { XDG_RUNTIME_DIR: deep } })).toEqual({
      kind: 'private-folder',
      parent: '/tmp',
    });
    expect(companionDir(base)).toBe('/home/mia/.config/assistant-desktop/companion');
  });

  it('macOS: the per-user TMPDIR and Application Support', () => {
    const mac = { ...base, platform: 'darwin' as const, home: '/Users/mia' };
    const runtime = socketPlace({ ...mac, env: { TMPDIR: '/var/folders/ab/xyz/T/' } });
    expect(runtime.kind).toBe('runtime');
    expect(pathOf(runtime)).toBe('/var/folders/ab/xyz/T/assistant-desktop/companion.sock');
    expect(companionDir(mac)).toBe(
      '/Users/mia/Library/Application Support/Assistant Desktop/companion',
    );
  });

  it('Windows: a random pipe (not one named for the user), and the local application data folder', () => {
    const win = {
      ...base,
      platform: 'win32' as const,
      home: 'C:\\Users\\mia',
      username: 'Mia Müller',
      env: { LOCALAPPDATA: 'C:\\Users\\mia\\AppData\\Local' },
    };
    expect(socketPlace(win)).toEqual({ kind: 'random-pipe' });
    expect(companionDir(win)).toBe('C:\\Users\\mia\\AppData\\Local\\Assistant Desktop\\companion');
  });

  it('puts the companion folder where the relay looks, by the table both sides test against', () => {
    const table = join(resolve(import.meta.dirname, '../../../..'), 'relay', 'testdata');
    const systems = { linux: 'linux', macos: 'darwin', windows: 'win32' } as const;
    const lines = readFileSync(join(table, 'companion-dirs.tsv'), 'utf8')
      .split('\n')
      .map((line) => line.replace(/\r$/, ''))
      .filter((line) => line !== '' && !line.startsWith('#'));
    for (const line of lines) {
      const [system, home, variables, folder] = line.split('\t');
      const platform = systems[system as keyof typeof systems];
      expect(platform, line).toBeDefined();
      const env = Object.fromEntries(
        variables === '-'
          ? []
          : (variables ?? '').split('|').map((pair) => pair.split('=', 2) as [string, string]),
      );
      expect(companionDir({ ...base, platform, home: home ?? '', env }), line).toBe(folder);
    }
    // Each system's rule is in the table, so a table read as nothing cannot pass.
    expect(new Set(lines.map((line) => line.split('\t')[0]))).toEqual(
      new Set(['linux', 'macos', 'windows']),
    );
  });

  it('follows the overrides', () => {
    const env = { ASSISTANT_COMPANION_SOCKET: '/x/socket', ASSISTANT_COMPANION_DIR: '/x/dir' };
    expect(socketPlace({ ...base, env })).toEqual({ kind: 'given', path: '/x/socket' });
    expect(companionDir({ ...base, env })).toBe('/x/dir');
  });
});
