// What the build adds around Vite's output: the manifest with the app's version and the
// development key (one source each: package.json and extension-ids.ts), the icons, and the store
// zip of the whole folder, whose manifest is the same without `key`: the Chrome Web Store refuses
// an upload with one, and each store gives the extension an id of its own.
import { cp, readdir, readFile, writeFile, mkdir, copyFile, rm } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { DEVELOPMENT_EXTENSION_KEY } from '../../electron/companion/registration/extension-ids';
import { CATALOGUES } from '../../electron/domain/i18n/catalogues';
import { LANGUAGES } from '../../electron/domain/i18n/languages';
import { firefoxManifest } from './firefox-manifest';
import { zip } from './zip';

const ICON_SIZES = [16, 32, 48, 128] as const;

type Manifest = Record<string, unknown>;

const manifestText = (manifest: Manifest) => `${JSON.stringify(manifest, null, 2)}\n`;

/** The development folder's manifest: the app's version, and the key that fixes the id. */
export async function writeManifest(
  sourceManifest: string,
  outDir: string,
  version: string,
): Promise<void> {
  const manifest = JSON.parse(await readFile(sourceManifest, 'utf8')) as Manifest;
  const built = { ...manifest, version, key: DEVELOPMENT_EXTENSION_KEY };
  await writeFile(join(outDir, 'manifest.json'), manifestText(built));
}

/** The stores' manifest: the development one (as written in `outDir`) without `key`. */
export async function storeManifest(outDir: string): Promise<string> {
  const manifest = JSON.parse(await readFile(join(outDir, 'manifest.json'), 'utf8')) as Manifest;
  const { key: _key, ...store } = manifest;
  return manifestText(store);
}

/**
 * The manifest's name and description in each language (`_locales/<code>/messages.json`, which
 * `__MSG_extName__` reads), from the app's catalogues: one source for every word.
 */
export async function writeManifestWords(outDir: string): Promise<void> {
  for (const language of LANGUAGES) {
    const words = CATALOGUES[language];
    // Chrome's locale folders use an underscore: pt_BR, zh_CN.
    const folder = join(outDir, '_locales', language.replace('-', '_'));
    await mkdir(folder, { recursive: true });
    const messages = {
      extName: { message: words['panel.manifest.name'] },
      extDescription: { message: words['panel.manifest.description'] },
    };
    await writeFile(join(folder, 'messages.json'), `${JSON.stringify(messages, null, 2)}\n`);
  }
}

/** The schema of what IT may set (the manifest's `storage.managed_schema` names it). */
export async function copyManagedSchema(schema: string, outDir: string): Promise<void> {
  await copyFile(schema, join(outDir, 'managed-schema.json'));
}

export async function copyIcons(iconsDir: string, outDir: string): Promise<void> {
  await mkdir(join(outDir, 'icons'), { recursive: true });
  for (const size of ICON_SIZES) {
    await copyFile(join(iconsDir, `${size}x${size}.png`), join(outDir, 'icons', `${size}.png`));
  }
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

/**
 * Zips `folder`'s files at the archive's root, as the store wants them; `replaced` gives other
 * contents for some of them by their name in the archive (the store's manifest).
 */
export async function zipFolder(
  folder: string,
  archive: string,
  replaced: Readonly<Record<string, string>> = {},
): Promise<void> {
  const files = await filesUnder(folder);
  const entries = await Promise.all(
    files.map(async (file) => {
      const name = relative(folder, file).split(sep).join('/');
      const replacement = Object.hasOwn(replaced, name) ? replaced[name] : undefined;
      return {
        name,
        data: replacement === undefined ? await readFile(file) : Buffer.from(replacement),
      };
    }),
  );
  await writeFile(archive, zip(entries));
}

/**
 * The Firefox package from the Chromium folder just built: the same files (one build), Firefox's
 * manifest (firefox-manifest.ts) and no managed-storage schema, as an unpacked folder and as an
 * .xpi (a zip; addons.mozilla.org signs it at release time, docs/releasing.md).
 */
export async function writeFirefoxPackage(
  chromiumDir: string,
  firefoxDir: string,
  xpi: string,
): Promise<void> {
  await rm(firefoxDir, { recursive: true, force: true });
  await cp(chromiumDir, firefoxDir, { recursive: true });
  await rm(join(firefoxDir, 'managed-schema.json'), { force: true });
  const chromium = JSON.parse(
    await readFile(join(chromiumDir, 'manifest.json'), 'utf8'),
  ) as Manifest;
  await writeFile(join(firefoxDir, 'manifest.json'), manifestText(firefoxManifest(chromium)));
  await zipFolder(firefoxDir, xpi);
}
