// Initial JavaScript of the renderer (what index.html loads before anything else: its module
// script, its modulepreload links and their static imports; lazy chunks excluded), gzipped,
// against a React + ReactDOM-only app built by Vite with the same target and minifier.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build } from 'vite';

export interface InitialJs {
  files: Array<{ name: string; bytes: number; gzip: number }>;
  bytes: number;
  gzip: number;
}

const SCRIPT_SRC = /<script\b[^>]*\btype=["']module["'][^>]*\bsrc=["']([^"']+)["']/gi;
const MODULE_PRELOAD = /<link\b[^>]*\brel=["']modulepreload["'][^>]*\bhref=["']([^"']+)["']/gi;
// Static imports and re-exports in minified output; `import("…")` (lazy) does not match.
const STATIC_IMPORT =
  /(?:^|[;}\n])\s*(?:import|export)\s*(?:[\w$*{}\s,]+?\s*from\s*)?["']([^"']+\.js)["']/g;

/** Sums the gzip size of the JavaScript that `dir/index.html` loads up front. */
export async function initialJs(dir: string): Promise<InitialJs> {
  const html = await readFile(join(dir, 'index.html'), 'utf8');
  const queue = [...html.matchAll(SCRIPT_SRC), ...html.matchAll(MODULE_PRELOAD)].map((m) =>
    resolve(dir, m[1] ?? ''),
  );
  const seen = new Set<string>();
  const files: InitialJs['files'] = [];
  while (queue.length > 0) {
    const file = queue.shift() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    const code = await readFile(file);
    files.push({
      name: relative(dir, file),
      bytes: code.length,
      gzip: gzipSync(code, { level: 9 }).length,
    });
    for (const match of code.toString('utf8').matchAll(STATIC_IMPORT)) {
      const specifier = match[1] ?? '';
      if (specifier.startsWith('.')) queue.push(resolve(dirname(file), specifier));
    }
  }
  return {
    files,
    bytes: files.reduce((sum, f) => sum + f.bytes, 0),
    gzip: files.reduce((sum, f) => sum + f.gzip, 0),
  };
}

const fixture = fileURLToPath(new URL('../react-only/', import.meta.url));

/** Builds ../react-only (createRoot(…).render(<div />)) like the renderer, into a temp dir. */
export async function reactOnlyJs(): Promise<InitialJs> {
  const outDir = await mkdtemp(join(tmpdir(), 'assistant-bench-react-only-'));
  try {
    await build({
      configFile: false,
      root: fixture,
      base: './',
      logLevel: 'silent',
      plugins: [react()],
      build: { outDir, emptyOutDir: true, target: 'chrome130', sourcemap: false },
    });
    return await initialJs(outDir);
  } finally {
    await rm(outDir, { recursive: true, force: true });
  }
}
