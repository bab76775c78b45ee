// After `npm run build`: everything the packaged app needs is where electron-builder will look
// for it, and nothing outside the built output would be packaged. Two views of the same promise:
// electron-builder's own file matcher over the repository, and a real packaging run (Linux, the
// unpacked `dir` target, with a stand-in Electron binary) whose app.asar is then read back.

import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { extractFile, listPackage } from '@electron/asar';
import { getCurrentFuseWire } from '@electron/fuses';
import type { Configuration } from 'app-builder-lib';
import {
  assetReferences,
  esmImports,
  htmlReferences,
  isNodeBuiltin,
  preloadReferences,
  requireCalls,
} from './support/bundle';
import { matchedFiles } from './support/file-set';
import { packLinuxDir, type PackedApp } from './support/pack';
import { pngSize } from './support/png';
import { relayBinary } from '../support/relay-binary';
import {
  builderConfig,
  isDirectory,
  isFile,
  packageJson,
  repoPath,
  repoRoot,
  resolveBuildResource,
} from './support/repo';

let config: Configuration;
let mainFile: string;

beforeAll(async () => {
  config = await builderConfig();
  const main = packageJson().main;
  if (main === undefined) throw new Error('package.json has no "main".');
  mainFile = repoPath(main);
  if (!isFile(mainFile)) {
    throw new Error(
      `${main} does not exist: run \`npm run build\` first (npm run test:build does).`,
    );
  }
});

describe('entry points of the built app', () => {
  it('has the main process bundle package.json names, importing only Node and Electron', () => {
    const imports = esmImports(readFileSync(mainFile, 'utf8'));
    const outside = imports.filter((spec) => spec !== 'electron' && !isNodeBuiltin(spec));
    // Anything else would have to come from node_modules, which is not packaged.
    expect(outside).toEqual([]);
  });

  it('has the preload script the main process points its window at', () => {
    const names = preloadReferences(readFileSync(mainFile, 'utf8'));
    expect(names, 'the main bundle names no preload script').not.toEqual([]);
    for (const name of names) {
      const preload = repoPath('out', 'preload', name);
      expect(isFile(preload), `out/preload/${name}`).toBe(true);
      // A sandboxed preload can require only electron (and a few polyfilled built-ins).
      const required = requireCalls(readFileSync(preload, 'utf8'));
      expect(
        required.filter((spec) => !['electron', 'events', 'timers', 'url'].includes(spec)),
      ).toEqual([]);
    }
  });

  it('has the renderer page and every file it loads, none of them remote', () => {
    const rendererDir = repoPath('out', 'renderer');
    const html = readFileSync(path.join(rendererDir, 'index.html'), 'utf8');
    const { local, remote } = htmlReferences(html);
    expect(remote).toEqual([]);
    expect(local.some((ref) => ref.endsWith('.js'))).toBe(true);

    const missing: string[] = [];
    const seen = new Set<string>();
    const visit = (file: string): void => {
      if (seen.has(file)) return;
      seen.add(file);
      if (!isFile(file)) {
        missing.push(path.relative(repoRoot, file));
        return;
      }
      const kind = file.endsWith('.css') ? 'css' : file.endsWith('.js') ? 'js' : undefined;
      if (kind === undefined) return;
      for (const ref of assetReferences(readFileSync(file, 'utf8'), kind)) {
        const base = ref.startsWith('assets/') ? rendererDir : path.dirname(file);
        visit(path.resolve(base, ref.split(/[?#]/)[0] ?? ref));
      }
    };
    for (const ref of local) visit(path.resolve(rendererDir, ref.split(/[?#]/)[0] ?? ref));
    expect(missing).toEqual([]);
    expect(seen.size).toBeGreaterThan(1);
  });

  it('has the icons electron-builder will look for', () => {
    const icons = {
      win: config.win?.icon,
      mac: config.mac?.icon,
      linux: config.linux?.icon,
    };
    for (const [platform, icon] of Object.entries(icons)) {
      expect(icon, `${platform}.icon`).toEqual(expect.any(String));
      expect(resolveBuildResource(config, icon ?? ''), `${platform}.icon ${icon}`).toBeDefined();
    }

    // One square source of at least 1024 px: electron-builder derives .icns and .ico from it.
    const source = resolveBuildResource(config, config.mac?.icon ?? '') ?? '';
    const { width, height } = pngSize(source);
    expect(width).toBe(height);
    expect(width).toBeGreaterThanOrEqual(1024);

    // Linux takes a set of NxN.png files.
    const linuxSet = resolveBuildResource(config, config.linux?.icon ?? '') ?? '';
    expect(isDirectory(linuxSet)).toBe(true);
    for (const file of readdirSync(linuxSet)) {
      const size = /^(\d+)x(\d+)\.png$/.exec(file);
      expect(size, file).not.toBeNull();
      expect(pngSize(path.join(linuxSet, file))).toEqual({
        width: Number(size?.[1]),
        height: Number(size?.[2]),
      });
    }
  });

  it('has the run-time images the shell loads, including the macOS tray templates', () => {
    for (const entry of config.extraResources as Array<{ from: string }>) {
      const from = repoPath(entry.from);
      expect(isFile(from) || isDirectory(from), entry.from).toBe(true);
    }
    // macOS tints tray images named *Template.png; the @2x one is for Retina screens.
    expect(isFile(repoPath('resources', 'tray', 'trayTemplate.png'))).toBe(true);
    expect(isFile(repoPath('resources', 'tray', 'trayTemplate@2x.png'))).toBe(true);
  });
});

describe('what the `files` globs select (electron-builder’s own matcher)', () => {
  it('selects the built output and package.json, nothing else, no source maps', () => {
    const files = matchedFiles(config, repoRoot);
    const outside = files.filter((file) => file !== 'package.json' && !file.startsWith('out/'));
    expect(outside).toEqual([]);
    expect(files.filter((file) => file.endsWith('.map'))).toEqual([]);
    expect(files).toContain('package.json');
    expect(files).toContain(packageJson().main);
    expect(files).toContain('out/renderer/index.html');
    for (const name of preloadReferences(readFileSync(mainFile, 'utf8'))) {
      expect(files).toContain(`out/preload/${name}`);
    }
  });
});

describe('a real packaging run (Linux, unpacked, stand-in Electron binary)', () => {
  let packed: PackedApp;
  let entries: string[];

  let relay: string;

  beforeAll(async () => {
    // The relay is an extra resource: built first (a missing source is only a warning to
    // electron-builder, which would package the app without it).
    relay = relayBinary();
    packed = await packLinuxDir();
    entries = listPackage(path.join(packed.resourcesDir, 'app.asar'), { isPack: false });
  });

  it('puts only the built output and package.json into app.asar', () => {
    const outside = entries.filter(
      (entry) => entry !== '/package.json' && entry !== '/out' && !entry.startsWith('/out/'),
    );
    expect(outside).toEqual([]);
    expect(entries.filter((entry) => entry.endsWith('.map'))).toEqual([]);
  });

  it('packs the entry points where Electron will look for them', () => {
    const asar = path.join(packed.resourcesDir, 'app.asar');
    const packagedJson = JSON.parse(extractFile(asar, 'package.json').toString('utf8')) as {
      main: string;
      desktopName?: string;
      scripts?: unknown;
      devDependencies?: unknown;
    };
    expect(entries).toContain(`/${packagedJson.main}`);
    expect(entries).toContain('/out/renderer/index.html');
    for (const name of preloadReferences(readFileSync(mainFile, 'utf8'))) {
      expect(entries).toContain(`/out/preload/${name}`);
    }
    expect(packagedJson.desktopName).toBe('assistant-desktop.desktop');
    expect(packagedJson.scripts).toBeUndefined();
    expect(packagedJson.devDependencies).toBeUndefined();
  });

  it('copies the run-time images next to app.asar, every one the main process names', () => {
    const trayDir = path.join(packed.resourcesDir, 'tray');
    expect(readdirSync(trayDir).sort()).toEqual(readdirSync(repoPath('resources', 'tray')).sort());
    expect(isFile(path.join(packed.resourcesDir, 'icon.png'))).toBe(true);
    // resourcePath('tray', 'trayTemplate.png'), resourcePath('icon.png'), …
    const named = [...readFileSync(mainFile, 'utf8').matchAll(/["'`]([\w@.-]+\.png)["'`]/g)].map(
      (match) => match[1] ?? '',
    );
    expect(named.length).toBeGreaterThan(0);
    const missing = named.filter(
      (name) => !isFile(path.join(packed.resourcesDir, name)) && !isFile(path.join(trayDir, name)),
    );
    expect(missing).toEqual([]);
  });

  it('ships the browser companion’s relay where the app points the browsers, executable', () => {
    // electron/main/companion-registration.ts: process.resourcesPath/relay/assistant-relay.
    const shipped = path.join(packed.resourcesDir, 'relay', 'assistant-relay');
    expect(isFile(shipped)).toBe(true);
    // Executable bits exist on a POSIX disk only (this Linux packaging runs on Linux in CI).
    if (process.platform !== 'win32') expect(statSync(shipped).mode & 0o111).toBe(0o111);
    expect(readFileSync(shipped).equals(readFileSync(relay))).toBe(true);
    expect(readdirSync(path.join(packed.resourcesDir, 'relay'))).toEqual(['assistant-relay']);
  });

  it('flips the Electron fuses in the packaged binary', async () => {
    const wire = await getCurrentFuseWire(packed.executable);
    const on = 49; // '1'
    const off = 48; // '0'
    // FuseV1Options order: RunAsNode, EnableCookieEncryption, EnableNodeOptionsEnvironmentVariable,
    // EnableNodeCliInspectArguments, EnableEmbeddedAsarIntegrityValidation, OnlyLoadAppFromAsar,
    // LoadBrowserProcessSpecificV8Snapshot, GrantFileProtocolExtraPrivileges.
    expect([0, 1, 2, 3, 4, 5, 6, 7].map((fuse) => wire[fuse as keyof typeof wire])).toEqual([
      off,
      on,
      off,
      off,
      on,
      on,
      off,
      off,
    ]);
  });

  it('writes no update feed when no publish target is configured', () => {
    expect(isFile(path.join(packed.resourcesDir, 'app-update.yml'))).toBe(false);
  });

  it('writes the update feed the release build configures', async () => {
    const withFeed = await packLinuxDir({
      publish: { provider: 'generic', url: 'https://updates.example.com/assistant' },
    });
    const feed = readFileSync(path.join(withFeed.resourcesDir, 'app-update.yml'), 'utf8');
    expect(feed).toContain('provider: generic');
    expect(feed).toContain('url: https://updates.example.com/assistant');
  });
});
