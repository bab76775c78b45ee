// Paths and files of the repository as electron-builder sees them.

import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Configuration } from 'app-builder-lib';
import { getConfig } from 'app-builder-lib/out/util/config/config';

export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

export function repoPath(...parts: string[]): string {
  return path.join(repoRoot, ...parts);
}

export function readRepoText(...parts: string[]): string {
  return readFileSync(repoPath(...parts), 'utf8');
}

export function isFile(file: string): boolean {
  return existsSync(file) && statSync(file).isFile();
}

export function isDirectory(file: string): boolean {
  return existsSync(file) && statSync(file).isDirectory();
}

export interface PackageJson {
  main?: string;
  dependencies?: Record<string, string>;
}

export function packageJson(): PackageJson {
  return JSON.parse(readRepoText('package.json')) as PackageJson;
}

/** electron-builder.yml merged with package.json exactly as electron-builder loads it. */
export function builderConfig(): Promise<Configuration> {
  return getConfig(repoRoot, null, null);
}

/**
 * Where electron-builder finds a resource named in the config (PlatformPackager.getResource):
 * first relative to buildResources, then to the project directory.
 */
export function resolveBuildResource(config: Configuration, name: string): string | undefined {
  const buildResources = repoPath(config.directories?.buildResources ?? 'build');
  const candidates = [path.resolve(buildResources, name), path.resolve(repoRoot, name)];
  return candidates.find((candidate) => existsSync(candidate));
}
