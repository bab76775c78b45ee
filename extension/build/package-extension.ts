// What the build adds around Vite's output: the manifest with the app's version and the
// development key (one source each: package.json and extension-ids.ts), the icons, and the store
// zip of the whole folder.
import { readdir, readFile, writeFile, mkdir, copyFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { DEVELOPMENT_EXTENSION_KEY } from '../../electron/core/companion/extension-ids';
import { CATALOGUES } from '../../electron/domain/i18n/catalogues';
import { LANGUAGES } from '../../electron/domain/i18n/languages';
import { zip } from './zip';

const ICON_SIZES = [16, 32, 48, 128] as const;

export async function writeManifest(
  sourceManifest: string,
  outDir: string,
  version: string,
): Promise<void> {
  const manifest = JSON.parse(await readFile(sourceManifest, 'utf8')) as Record<string, unknown>;
  const built = { ...manifest, version, key: DEVELOPMENT_EXTENSION_KEY };
  await writeFile(join(outDir, 'manifest.json'), `${JSON.stringify(built, null, 2)}\n`);
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

/** Zips `folder`'s files at the archive's root, as the store wants them. */
export async function zipFolder(folder: string, archive: string): Promise<void> {
  const files = await filesUnder(folder);
  const entries = await Promise.all(
    files.map(async (file) => ({
      name: relative(folder, file).split(sep).join('/'),
      data: await readFile(file),
    })),
  );
  await writeFile(archive, zip(entries));
}
