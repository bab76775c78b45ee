// Where electron-builder leaves the unpacked app it packaged, for an OS and an architecture: the
// folder `release.yml` launches after packaging. Pure, so the rule is unit-tested here without a
// packaged build (test/unit/packaging/packaged-app-locate.test.ts also checks the names below
// against electron-builder.yml).
//
// electron-builder names the folder `<platform><arch suffix>` on macOS and
// `<platform><arch suffix>-unpacked` elsewhere, with no suffix for x64 (its default arch) and
// `-<arch>` otherwise (app-builder-lib's PlatformPackager.computeAppOutDir).

import path from 'node:path';

/** The names electron-builder.yml gives the app. */
export interface PackagedAppNames {
  /** `productName`: the .app bundle and the Windows .exe are named after it. */
  productName: string;
  /** `linux.executableName`: the Linux binary's name. */
  linuxExecutableName: string;
}

export const APP_NAMES: PackagedAppNames = {
  productName: 'Assistant Desktop',
  linuxExecutableName: 'assistant-desktop',
};

/** Architectures electron-builder builds for (its `Arch` names). */
const ARCHES = new Set(['x64', 'ia32', 'armv7l', 'arm64', 'universal']);

/** electron-builder's platform names for Node's. */
const PLATFORMS: Partial<Record<NodeJS.Platform, 'win' | 'mac' | 'linux'>> = {
  win32: 'win',
  darwin: 'mac',
  linux: 'linux',
};

export class LocateError extends Error {
  override name = 'LocateError';
}

/** The unpacked folder's name inside the release folder, e.g. `win-unpacked`, `mac-arm64`. */
export function unpackedFolderName(platform: NodeJS.Platform, arch: string): string {
  const builderPlatform = PLATFORMS[platform];
  if (builderPlatform === undefined) {
    throw new LocateError(
      `electron-builder packages for Windows, macOS and Linux only, not for "${platform}".`,
    );
  }
  if (!ARCHES.has(arch)) {
    throw new LocateError(
      `"${arch}" is not an architecture electron-builder builds for (${[...ARCHES].join(', ')}).`,
    );
  }
  if (arch === 'universal' && builderPlatform !== 'mac') {
    throw new LocateError('Only macOS builds are universal.');
  }
  const suffix = arch === 'x64' ? '' : `-${arch}`;
  return builderPlatform === 'mac' ? `mac${suffix}` : `${builderPlatform}${suffix}-unpacked`;
}

/** The executable inside the unpacked folder, relative to it. */
export function executableInFolder(platform: NodeJS.Platform, names: PackagedAppNames): string {
  switch (platform) {
    case 'win32':
      return `${names.productName}.exe`;
    case 'darwin':
      return path.posix.join(`${names.productName}.app`, 'Contents', 'MacOS', names.productName);
    case 'linux':
      return names.linuxExecutableName;
    default:
      throw new LocateError(`No packaged executable for "${platform}".`);
  }
}

/** The packaged app's executable for `platform` and `arch`, under `releaseDir`. */
export function packagedExecutable(
  releaseDir: string,
  platform: NodeJS.Platform,
  arch: string,
  names: PackagedAppNames = APP_NAMES,
): string {
  const join = platform === 'win32' ? path.win32.join : path.posix.join;
  return join(
    releaseDir,
    unpackedFolderName(platform, arch),
    ...executableInFolder(platform, names).split('/'),
  );
}

/**
 * Where the deb installs the executable: electron-builder's fpm target puts the unpacked app in
 * /opt/<sanitized productName>/ (FpmTarget: `${installPrefix}/${sanitizedProductName}`), and
 * its postinst links /usr/bin/<executableName> to it. release.yml's Linux leg launches this with
 * `--executable`, after `apt-get install`.
 */
export function installedDebExecutable(names: PackagedAppNames = APP_NAMES): string {
  return path.posix.join('/opt', names.productName, names.linuxExecutableName);
}
