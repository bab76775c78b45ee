// electron-builder.yml, loaded and validated by electron-builder's own code (the loader that
// merges package.json and the validator over its shipped scheme.json), offline: nothing here
// needs the Electron binary. Then the properties the installers depend on.

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DebugLogger } from 'builder-util';
import type { Configuration } from 'app-builder-lib';
import { getConfig, validateConfiguration } from 'app-builder-lib/out/util/config/config';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

function load(overrides: Configuration | null = null): Promise<Configuration> {
  return getConfig(repoRoot, null, overrides);
}

function validate(config: Configuration): Promise<void> {
  return validateConfiguration(config, new DebugLogger(false));
}

interface Target {
  target: string;
  arch: string[];
}

function targetsOf(platform: { target?: unknown } | null | undefined): Target[] {
  const raw = platform?.target;
  const list = Array.isArray(raw) ? raw : raw == null ? [] : [raw];
  return list.map((entry: unknown) => {
    if (typeof entry === 'string') return { target: entry, arch: [] };
    const { target, arch } = entry as { target: string; arch?: string | string[] };
    return { target, arch: arch === undefined ? [] : Array.isArray(arch) ? arch : [arch] };
  });
}

describe('electron-builder.yml against electron-builder’s schema', () => {
  it('is valid as it stands', async () => {
    await expect(validate(await load())).resolves.toBeUndefined();
  });

  it('stays valid with the publish targets the release workflow adds', async () => {
    const generic = await load({
      publish: { provider: 'generic', url: 'https://updates.example.com/a' },
    });
    const github = await load({ publish: { provider: 'github', owner: 'acme', repo: 'desktop' } });
    await expect(validate(generic)).resolves.toBeUndefined();
    await expect(validate(github)).resolves.toBeUndefined();
    expect(generic.publish).toEqual({ provider: 'generic', url: 'https://updates.example.com/a' });
  });

  it('is a real check: a misspelt option is refused', async () => {
    const config = await load();
    const misspelt = { ...config, nsis: { ...config.nsis, oneClik: true } } as Configuration;
    await expect(validate(misspelt)).rejects.toThrow(/configuration\.nsis/);
    const wrongType = { ...config, asar: 'yes' } as unknown as Configuration;
    await expect(validate(wrongType)).rejects.toThrow(/Invalid configuration object/);
  });
});

describe('what the installers depend on', () => {
  it('names the app as the shell does (appId is also the Windows AppUserModelId)', async () => {
    const config = await load();
    expect(config.appId).toBe('com.assistant.desktop');
    expect(config.productName).toBe('Assistant Desktop');
    expect(config.copyright).toMatch(/^Copyright ©/);
    expect(config.directories).toEqual({ output: 'release', buildResources: 'resources' });
  });

  it('packages only the built output, in an asar, without source maps', async () => {
    const config = await load();
    expect(config.asar).toBe(true);
    const patterns = (config.files as Array<{ filter: string[] }>).flatMap((set) => set.filter);
    const includes = patterns.filter((pattern) => !pattern.startsWith('!'));
    expect(includes.length).toBeGreaterThan(0);
    for (const pattern of includes) {
      expect(pattern === 'package.json' || pattern.startsWith('out/'), pattern).toBe(true);
    }
    expect(patterns).toContain('!**/*.map');
    // Every library is bundled into out/; production dependencies must not be copied as well.
    expect(patterns).toContain('!**/node_modules/**');
    const main = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')).main;
    expect(main).toBe('out/main/index.js');
    // Run-time images travel as extra resources, from resources/ only.
    for (const entry of config.extraResources as Array<{ from: string }>) {
      expect(entry.from.startsWith('resources/'), entry.from).toBe(true);
    }
  });

  it('ships the browser companion’s relay beside app.asar on every OS, where the app looks', async () => {
    const config = await load();
    // electron/main/companion-registration.ts: process.resourcesPath/relay/assistant-relay[.exe].
    expect(config.win?.extraResources).toEqual([
      { from: 'relay/target/release/assistant-relay.exe', to: 'relay/assistant-relay.exe' },
    ]);
    for (const platform of [config.mac, config.linux]) {
      expect(platform?.extraResources).toEqual([
        { from: 'relay/target/release/assistant-relay', to: 'relay/assistant-relay' },
      ]);
    }
  });

  it('applies the Electron fuses at packaging', async () => {
    const config = await load();
    expect(config.electronFuses).toMatchObject({
      runAsNode: false,
      enableCookieEncryption: true,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      loadBrowserProcessSpecificV8Snapshot: false,
      grantFileProtocolExtraPrivileges: false,
    });
  });

  it('registers the assistant:// scheme', async () => {
    const config = await load();
    const schemes = [config.protocols ?? []]
      .flat()
      .flatMap((protocol) => [protocol.schemes].flat());
    expect(schemes).toEqual(['assistant']);
  });

  it('builds an NSIS installer, per user by default and per machine with /allusers, with shortcuts on Windows', async () => {
    const config = await load();
    expect(targetsOf(config.win)).toEqual([{ target: 'nsis', arch: ['x64'] }]);
    // The assisted installer is the one that reads /allusers and /currentuser (IT's silent
    // per-machine install, docs/deployment.md); its install-mode page starts on "only for me".
    expect(config.nsis).toMatchObject({
      oneClick: false,
      perMachine: false,
      selectPerMachineByDefault: false,
      allowElevation: true,
      createDesktopShortcut: 'always',
      createStartMenuShortcut: true,
    });
  });

  it("installs per machine silently with /allusers: electron-builder's assisted installer reads the switch", () => {
    // What the option choice above rests on, read from the templates the build uses: should a
    // new electron-builder move the switches, IT's documented command line would stop working.
    const templates = path.join(repoRoot, 'node_modules', 'app-builder-lib', 'templates', 'nsis');
    const assisted = readFileSync(path.join(templates, 'assistedInstaller.nsh'), 'utf8');
    expect(assisted).toMatch(/\$\{GetOptions\} \$R0 "\/allusers"/);
    expect(assisted).toMatch(/\$\{GetOptions\} \$R0 "\/currentuser"/);
    const oneClick = readFileSync(path.join(templates, 'oneClick.nsh'), 'utf8');
    expect(oneClick).not.toContain('/allusers');
  });

  it('builds dmg and zip for x64 and arm64 on macOS, hardened, notarised when credentials exist', async () => {
    const config = await load();
    expect(targetsOf(config.mac)).toEqual([
      { target: 'dmg', arch: ['x64', 'arm64'] },
      { target: 'zip', arch: ['x64', 'arm64'] },
    ]);
    expect(config.mac?.hardenedRuntime).toBe(true);
    expect(config.mac?.notarize).not.toBe(false);
    expect(config.mac?.entitlements).toBe('resources/entitlements.mac.plist');
    expect(config.mac?.entitlementsInherit).toBe('resources/entitlements.mac.plist');
  });

  it('signs an unsigned macOS build ad hoc as a whole bundle, from a hook in the repository', async () => {
    const config = await load();
    // electron-builder resolves a hook starting with "." against the project and refuses one
    // outside it; the hook itself leaves every other OS alone (mac-signing.test.ts).
    expect(config.afterSign).toBe('./scripts/mac-signing/after-sign.mjs');
    const hook = (await import(path.join(repoRoot, String(config.afterSign)))) as {
      default: unknown;
    };
    expect(typeof hook.default).toBe('function');
    // The fuses' own re-signing stays: it keeps the main binary runnable between the two.
    expect(config.electronFuses?.resetAdHocDarwinSignature).toBe(true);
  });

  it('grants only JIT and network-client entitlements', async () => {
    const config = await load();
    const plist = readFileSync(path.join(repoRoot, config.mac?.entitlements ?? ''), 'utf8');
    const granted = [...plist.matchAll(/<key>([^<]+)<\/key>\s*<true\/>/g)].map((m) => m[1]);
    expect(granted).toEqual([
      'com.apple.security.cs.allow-jit',
      'com.apple.security.network.client',
    ]);
  });

  it('builds the deb alone on Linux, with a desktop entry in Office and Network', async () => {
    const config = await load();
    // The deb installs an AppArmor profile (Ubuntu 24.04's restriction on user namespaces); an
    // AppImage, which cannot, would not start there with the sandbox on.
    expect(targetsOf(config.linux)).toEqual([{ target: 'deb', arch: ['x64'] }]);
    expect(config.deb?.appArmorProfile ?? undefined).toBeUndefined();
    expect(config.linux?.category?.split(';')).toEqual(['Office', 'Network']);
    expect(config.linux?.executableName).toBe('assistant-desktop');
    expect(config.linux?.maintainer).toMatch(/<.+@.+>/);
  });

  it('gives the deb electron-builder’s AppArmor profile, installed at /etc/apparmor.d/assistant-desktop', async () => {
    // What release.yml's Linux leg relies on when it launches the installed deb with the
    // restriction in force: the profile lets the installed executable use user namespaces; the
    // postinst installs it where the workflow looks; our own post-removal script removes it.
    const config = await load();
    const templates = path.join(repoRoot, 'node_modules', 'app-builder-lib', 'templates', 'linux');
    const profile = readFileSync(path.join(templates, 'apparmor-profile.tpl'), 'utf8');
    expect(profile).toMatch(
      /^profile "\$\{executable\}" "\/opt\/\$\{sanitizedProductName\}\/\$\{executable\}"/m,
    );
    expect(profile).toMatch(/^\s*userns,$/m);
    expect(config.deb?.afterInstall ?? undefined).toBeUndefined();
    const postinst = readFileSync(path.join(templates, 'after-install.tpl'), 'utf8');
    expect(postinst).toContain("APPARMOR_PROFILE_TARGET='/etc/apparmor.d/${executable}'");
    const postrm = readFileSync(path.join(repoRoot, String(config.deb?.afterRemove)), 'utf8');
    expect(postrm).toContain("APPARMOR_PROFILE_DEST='/etc/apparmor.d/${executable}'");
  });

  it('gives the deb its homepage from package.json, not from the clone’s git origin', () => {
    // electron-builder's deb needs a project URL: package.json's homepage, else a GitHub origin,
    // which a clone from elsewhere (or a fork) would not have, or have wrong.
    const packageJson = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
      homepage?: unknown;
    };
    expect(packageJson.homepage).toMatch(/^https:\/\/[^\s/]+\//);
  });

  it('names every artifact with its version and architecture, without spaces', async () => {
    const config = await load();
    const names = [config.artifactName, config.nsis?.artifactName].filter(
      (name): name is string => typeof name === 'string',
    );
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) {
      expect(name).toContain('${version}');
      expect(name).toContain('${arch}');
      expect(name).not.toMatch(/\s|\$\{productName\}/);
    }
  });

  it('has no update feed unless a release build configures one', async () => {
    const config = await load();
    expect(config.publish).toBeNull();
  });
});

describe('npm scripts for installers', () => {
  const scripts: Record<string, string> = JSON.parse(
    readFileSync(path.join(repoRoot, 'package.json'), 'utf8'),
  ).scripts;

  it.each([
    ['dist', ''],
    ['dist:win', '--win'],
    ['dist:mac', '--mac'],
    ['dist:linux', '--linux'],
  ])('%s builds first, then packages', (name, flag) => {
    expect(scripts[name]).toMatch(/^npm run build && electron-builder/);
    if (flag) expect(scripts[name]).toContain(flag);
  });
});
