// Bundles the Node side (Electron main and preload, the browser-mode host, the `assistant`
// command, the demo service) into out/. Entry points that do not exist yet are skipped, so the
// build works at every stage of the project.
import { build } from 'esbuild';
import { existsSync } from 'node:fs';

const entries = [
  { in: 'electron/main/index.ts', out: 'main/index', format: 'esm', external: ['electron'] },
  { in: 'electron/preload/index.ts', out: 'preload/index', format: 'cjs', external: ['electron'] },
  { in: 'electron/web/cli.ts', out: 'web/cli', format: 'esm' },
  { in: 'electron/cli/main.ts', out: 'cli/main', format: 'esm' },
  { in: 'electron/demo-service/cli.ts', out: 'demo-service/cli', format: 'esm' },
];

for (const entry of entries) {
  if (!existsSync(entry.in)) continue;
  await build({
    entryPoints: [{ in: entry.in, out: entry.out }],
    outdir: 'out',
    outExtension: { '.js': entry.format === 'cjs' ? '.cjs' : '.js' },
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: entry.format,
    external: entry.external ?? [],
    sourcemap: true,
    logLevel: 'warning',
    // ESM bundles of CommonJS dependencies need a require of their own.
    banner:
      entry.format === 'esm'
        ? {
            js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
          }
        : undefined,
  });
}
