// `npm run web` builds the renderer first when out/renderer is missing or older than its sources
// (src/ and what it imports of electron/: the contract and the domain, the catalogues among them),
// so the page served is the code in the tree.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** The newest modification time of a file, or of anything under a folder (node_modules and dot-files aside). */
export async function newestMtime(path: string): Promise<number> {
  const info = await stat(path);
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = info.mtimeMs;
  for (const entry of await readdir(path)) {
    if (entry === 'node_modules' || entry.startsWith('.')) continue;
    newest = Math.max(newest, await newestMtime(join(path, entry)));
  }
  return newest;
}

/** What the renderer's build reads: a change to any of these makes out/renderer stale. */
export const RENDERER_SOURCES = [
  'src',
  'electron/contract',
  'electron/domain',
  'vite.config.ts',
  'package.json',
] as const;

export async function rendererIsStale(projectDir: string): Promise<boolean> {
  const built = join(projectDir, 'out', 'renderer', 'index.html');
  if (!existsSync(built)) return true;
  const builtAt = (await stat(built)).mtimeMs;
  const sources = RENDERER_SOURCES.map((path) => join(projectDir, path)).filter((path) =>
    existsSync(path),
  );
  for (const source of sources) {
    if ((await newestMtime(source)) > builtAt) return true;
  }
  return false;
}

/** Runs `vite build` in `projectDir` when needed; resolves once the renderer is up to date. */
export async function ensureRenderer(projectDir: string): Promise<'built' | 'fresh'> {
  if (!(await rendererIsStale(projectDir))) return 'fresh';
  // Vite's exports do not include its bin: find it through its package.json.
  const vitePackage = createRequire(join(projectDir, 'package.json')).resolve('vite/package.json');
  const vite = join(dirname(vitePackage), 'bin', 'vite.js');
  await new Promise<void>((resolve, reject) => {
    // Vite's output goes to stderr: stdout carries only the host's JSON line.
    const child = spawn(process.execPath, [vite, 'build'], {
      cwd: projectDir,
      stdio: ['ignore', process.stderr, process.stderr],
    });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`vite build failed (exit code ${code})`)),
    );
  });
  return 'built';
}
