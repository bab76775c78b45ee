// Bundles the Node side (Electron main and preload, the browser-mode host, the `assistant`
// command, the demo service) into out/. Entry points that do not exist yet are skipped, so the
// build works at every stage of the project. The stores' extension ids, when given
// (ASSISTANT_EXTENSION_IDS; scripts/published-extension-ids.ts), are baked into every bundle.
import { build } from 'esbuild';
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { tsImport } from 'tsx/esm/api';

/** @type {typeof import('./published-extension-ids.ts')} */
const storeIds = await tsImport('./published-extension-ids.ts', import.meta.url);
const published = storeIds.publishedIdsForBuild(process.env);
if (!published.ok) {
  // A GitHub annotation in the release workflow, a plain line elsewhere.
  const prefix = process.env.GITHUB_ACTIONS === 'true' ? '::error title=Extension ids::' : '';
  console.error(`${prefix}${published.error}`);
  process.exit(1);
}
if (published.warning !== undefined) console.warn(`build-node: ${published.warning}`);

const entries = [
  { in: 'electron/main/index.ts', out: 'main/index', format: 'esm', external: ['electron'] },
  { in: 'electron/preload/index.ts', out: 'preload/index', format: 'cjs', external: ['electron'] },
  { in: 'electron/web/cli.ts', out: 'web/cli', format: 'esm' },
  // Split: each command's code is a chunk loaded when it runs, so `assistant --version` starts
  // fast (out/cli is emptied first, so chunks of earlier builds do not pile up).
  {
    in: 'electron/cli/main.ts',
    out: 'cli/main',
    format: 'esm',
    split: true,
    englishOnly: true,
    lazyRequire: true,
  },
  // Core's English words for the command, loaded when a sentence is formatted (see
  // electron/cli/english-words-on-demand.ts); built after out/cli is emptied, into its chunks.
  {
    in: 'electron/domain/i18n/node-translator.ts',
    out: 'cli/chunks/english-words',
    format: 'cjs',
    englishOnly: true,
  },
  { in: 'electron/demo-service/cli.ts', out: 'demo-service/cli', format: 'esm' },
];

const EAGER_REQUIRE =
  "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);";
// The command's chunks each carry the banner, and an ES import of node:module costs milliseconds
// that `assistant --version` cannot spare: its require is made on first use (esbuild's __require
// only ever calls it). Nothing in the command needs one today.
const LAZY_REQUIRE =
  "const require = (id) => process.getBuiltinModule('node:module').createRequire(import.meta.url)(id);";

// zod's namespace carries every language's error messages (40% of its code); the command speaks
// English only, so its bundle gets just that one. Less to load: `assistant status` stays in
// 70 MiB. If zod moves the file, the plugin matches nothing and the bundle is simply larger.
const zodEnglishOnly = {
  name: 'zod-english-only',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) =>
      /[\\/]zod[\\/]v4[\\/]/.test(args.importer)
        ? { path: 'zod-locales-en', namespace: 'zod-english-only' }
        : undefined,
    );
    pluginBuild.onLoad({ filter: /.*/, namespace: 'zod-english-only' }, () => ({
      contents: "export { default as en } from './en.js';",
      resolveDir: 'node_modules/zod/v4/locales',
    }));
  },
};

// The same for our own catalogues: the command speaks English only (it never sets core's words
// to another language), so its node translator gets the English catalogue for every language
// instead of all eight: about 3 MiB less for `assistant status` (docs/performance.md).
const cataloguesEnglishOnly = {
  name: 'catalogues-english-only',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^\.\/catalogues$/ }, (args) =>
      /[\\/]domain[\\/]i18n[\\/]node-translator\.ts$/.test(args.importer)
        ? { path: 'catalogues-en', namespace: 'catalogues-english-only' }
        : undefined,
    );
    pluginBuild.onLoad({ filter: /.*/, namespace: 'catalogues-english-only' }, () => ({
      contents:
        "import en from './locales/en';\n" +
        "export const CATALOGUES = { en, de: en, fr: en, es: en, 'pt-BR': en, ja: en, 'zh-CN': en, ar: en };",
      resolveDir: 'electron/domain/i18n',
      loader: 'ts',
    }));
  },
};

// IT's policies (core/policy) take their declarations from the contract's index, which builds
// every schema the app has (settings, runs, companion, inbox…); the command reads only the policy
// declarations, so there its policy reader gets electron/contract/policy.ts alone: about 1.6 MiB
// less for `assistant status` (docs/performance.md). A name that file does not export fails the
// build, so the two cannot drift apart silently.
const policyContractOnly = {
  name: 'policy-contract-only',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^\.\.\/\.\.\/contract$/ }, (args) =>
      /[\\/]core[\\/]policy[\\/][^\\/]+\.ts$/.test(args.importer)
        ? { path: path.resolve('electron/contract/policy.ts') }
        : undefined,
    );
  },
};

// Core's words import the node translator (FormatJS and the catalogue) statically; in the
// command they come from english-words.cjs on first use instead (see the module swapped in).
const englishWordsOnDemand = {
  name: 'english-words-on-demand',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /[\\/]node-translator$/ }, (args) =>
      /[\\/]core[\\/]i18n[\\/]words\.ts$/.test(args.importer)
        ? { path: path.resolve('electron/cli/english-words-on-demand.ts') }
        : undefined,
    );
  },
};

/** The plugins of an entry: the command's bundle gets its English-only and on-demand swaps. */
function pluginsOf(entry) {
  if (entry.englishOnly !== true) return [];
  if (entry.format === 'cjs') return [cataloguesEnglishOnly];
  return [zodEnglishOnly, cataloguesEnglishOnly, policyContractOnly, englishWordsOnDemand];
}

for (const entry of entries) {
  if (!existsSync(entry.in)) continue;
  if (entry.split) rmSync(`out/${entry.out.split('/')[0]}`, { recursive: true, force: true });
  await build({
    entryPoints: [{ in: entry.in, out: entry.out }],
    outdir: 'out',
    splitting: entry.split === true,
    chunkNames: `${entry.out.split('/')[0]}/chunks/[name]-[hash]`,
    outExtension: { '.js': entry.format === 'cjs' ? '.cjs' : '.js' },
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: entry.format,
    external: entry.external ?? [],
    sourcemap: true,
    plugins: pluginsOf(entry),
    define: storeIds.publishedIdsDefine(published.ids),
    logLevel: 'warning',
    // ESM bundles of CommonJS dependencies need a require of their own.
    banner:
      entry.format === 'esm' ? { js: entry.lazyRequire ? LAZY_REQUIRE : EAGER_REQUIRE } : undefined,
  });
}
