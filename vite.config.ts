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

const ENTRY = '/src/main.tsx';
/** The app started by the entry. */
const START = '/src/start.tsx';
/** The screen it opens on. */
const TODAY = '/src/features/briefings/TodayScreen.tsx';
const FIRST_CHUNKS = [START, TODAY];

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
          const first = [...chunks.values()].find((c) =>
            c.moduleIds.some((id) => id.endsWith(module)),
          );
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

// Rolldown's default splitting cuts the first screen's code into ~20 chunks (every module a lazy
// screen shares becomes a chunk of its own), and a browser fetches 6 at a time from one host: the
// first paint waited for 4 waves of requests. Two groups keep it to two chunks besides the entry:
// what the app (start.tsx) needs that the entry does not, and what Today needs beyond that. The
// entry stays small and apart, so the socket still opens before the app's code has arrived.
function firstScreenChunks() {
  const imports = new Map<string, readonly string[]>();
  const reach = new Map<string, Set<string>>();
  /** Every module statically reachable from the one ending with `suffix`. */
  const reachable = (suffix: string): Set<string> => {
    let found = reach.get(suffix);
    if (found) return found;
    found = new Set();
    const stack = [...imports.keys()].filter((id) => id.endsWith(suffix));
    while (stack.length > 0) {
      const id = stack.pop() as string;
      if (found.has(id)) continue;
      found.add(id);
      stack.push(...(imports.get(id) ?? []));
    }
    reach.set(suffix, found);
    return found;
  };
  const only =
    (suffix: string, ...without: string[]) =>
    (id: string) =>
      reachable(suffix).has(id) && without.every((other) => !reachable(other).has(id));
  const plugin: Plugin = {
    name: 'assistant:first-screen-graph',
    apply: 'build',
    // A fresh graph for every build (a watching build runs again with the same config).
    buildStart() {
      imports.clear();
      reach.clear();
    },
    moduleParsed(info) {
      imports.set(info.id, info.importedIds);
    },
  };
  return {
    plugin,
    groups: [
      { name: 'start', test: only(START, ENTRY), includeDependenciesRecursively: false },
      { name: 'today', test: only(TODAY, START, ENTRY), includeDependenciesRecursively: false },
    ],
  };
}

const firstScreen = firstScreenChunks();

// The renderer: Vite root is src/, output goes where the Electron shell and browser mode load it.
export default defineConfig({
  root: fileURLToPath(new URL('./src', import.meta.url)),
  base: './',
  plugins: [react(), stripCspMetaInDev(), preloadFirstScreen(), firstScreen.plugin],
  build: {
    outDir: fileURLToPath(new URL('./out/renderer', import.meta.url)),
    emptyOutDir: true,
    target: 'chrome130',
    sourcemap: false,
    rolldownOptions: { output: { codeSplitting: { groups: firstScreen.groups } } },
  },
});
