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

// The entry (src/main.tsx) imports the app (src/start.tsx), which opens on Today, a lazily loaded
// screen: without a hint their chunks would be fetched one after the other, each once the one
// before has run. Preloading them (fetched and compiled beside the entry, run only when
// imported) takes those round trips off the first paint.
type OutputChunk = Rollup.OutputChunk;

/** The app started by the entry (src/main.tsx), and the screen it opens on. */
const FIRST_CHUNKS = ['/src/start.tsx', '/src/features/briefings/TodayScreen.tsx'];

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
        const files = new Set<string>();
        const visit = (chunk: OutputChunk) => {
          if (files.has(chunk.fileName)) return;
          files.add(chunk.fileName);
          for (const name of chunk.imports) {
            const imported = chunks.get(name);
            if (imported) visit(imported);
          }
        };
        for (const module of FIRST_CHUNKS) {
          const first = [...chunks.values()].find((c) => c.facadeModuleId?.endsWith(module));
          if (!first) throw new Error(`No chunk for ${module}: update FIRST_CHUNKS.`);
          visit(first);
        }
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
