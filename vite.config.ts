import { defineConfig, type Plugin, type Rollup } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

// In development only, Vite injects an inline React preamble and opens an HMR socket, which the
// page's strict CSP meta tag would block. The dev server's pages get a dev-only CSP header from
// the Electron shell instead; production builds keep the meta tag untouched.
function stripCspMetaInDev(): Plugin {
  return {
    name: 'assistant:strip-csp-meta-in-dev',
    apply: 'serve',
    transformIndexHtml(html) {
      return html.replace(/<meta\s+http-equiv="Content-Security-Policy"[^>]*>\s*/i, '');
    },
  };
}

// The app opens on Today, a lazily loaded screen: without a hint its chunks would be fetched only
// once the start-up bundle has run and rendered. Preloading them (fetched and compiled beside the
// start-up bundle, run only when imported) takes that round trip off the first paint.
type OutputChunk = Rollup.OutputChunk;

const FIRST_SCREEN = '/src/features/briefings/TodayScreen.tsx';

function preloadFirstScreen(): Plugin {
  return {
    name: 'assistant:preload-first-screen',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const chunks = new Map<string, OutputChunk>();
        for (const output of Object.values(ctx.bundle ?? {})) {
          if (output.type === 'chunk') chunks.set(output.fileName, output);
        }
        const first = [...chunks.values()].find((c) => c.facadeModuleId?.endsWith(FIRST_SCREEN));
        if (!first) throw new Error(`No chunk for ${FIRST_SCREEN}: update FIRST_SCREEN.`);
        const files = new Set<string>();
        const visit = (chunk: OutputChunk) => {
          if (files.has(chunk.fileName)) return;
          files.add(chunk.fileName);
          for (const name of chunk.imports) {
            const imported = chunks.get(name);
            if (imported) visit(imported);
          }
        };
        visit(first);
        const entry = ctx.chunk;
        const loaded = new Set([entry?.fileName, ...(entry?.imports ?? [])]);
        return [...files]
          .filter((file) => !loaded.has(file))
          .map((file) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `./${file}` },
            injectTo: 'head' as const,
          }));
      },
    },
  };
}

// The renderer: Vite root is src/, output goes where the Electron shell and browser mode load it.
export default defineConfig({
  root: fileURLToPath(new URL('./src', import.meta.url)),
  base: './',
  plugins: [react(), stripCspMetaInDev(), preloadFirstScreen()],
  build: {
    outDir: fileURLToPath(new URL('./out/renderer', import.meta.url)),
    emptyOutDir: true,
    target: 'chrome130',
    sourcemap: false,
  },
});
