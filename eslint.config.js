// Lint rules, including the import boundaries that keep the runtime split honest
// (see docs/ARCHITECTURE.md, "What may import what").
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const nodeBuiltins = {
  group: ['node:*'],
  message: 'The renderer runs in a browser sandbox: no Node built-ins.',
};
const electronImport = {
  name: 'electron',
  message: 'Only electron/main and electron/preload may import electron.',
};
// Electron's subpath entry points ('electron/main', 'electron/renderer', 'electron/common').
const electronSubpaths = {
  group: ['electron/*'],
  message: 'Only electron/main and electron/preload may import electron.',
};
const coreFromOutside = {
  group: ['**/core/**', '**/core'],
  message: 'The renderer reaches core only through the contract (src/bridge.ts).',
};

/** A folder's files and the folder itself (its index): `../web/host` and `../web` alike. */
const folders = (...names) => names.flatMap((name) => [`**/${name}/**`, `**/${name}`]);

// ---- src/ (the renderer): shared by its blocks below ---------------------------------------
const rendererImports = {
  paths: [electronImport],
  patterns: [
    electronSubpaths,
    nodeBuiltins,
    coreFromOutside,
    {
      group: folders('demo-service', 'web', 'cli', 'main', 'preload'),
      message: 'The renderer imports only electron/contract.',
    },
  ],
};
const rendererGlobals = [
  { name: 'fetch', message: 'The renderer never calls the network: go through src/bridge.ts.' },
  { name: 'WebSocket', message: 'Only the browser-mode bridge opens the host socket.' },
  { name: 'EventSource', message: 'Run streams come through the contract.' },
  { name: 'XMLHttpRequest', message: 'The renderer never calls the network.' },
];
// What only a page has: the browser's globals that Node and the language do not also have
// (window, document, location, HTMLElement, requestAnimationFrame, …), and navigator, which Node
// has too but whose answers there are not the page's.
const domGlobals = [
  ...Object.keys(globals.browser).filter(
    (name) => !(name in globals.node) && !(name in globals.builtin),
  ),
  'navigator',
].map((name) => ({
  name,
  message:
    'src/lib is plain TypeScript (tested under Node): take what it needs from the page as an argument.',
}));
// A feature reaches another only through its public entries: index (state) and views
// (components, kept apart so that importing a store never pulls a screen's code into the first
// chunk). `../<feature>/<inner file>` and `…/features/<feature>/<inner file>` are refused.
const notAnEntry = '(?!(index|views)(\\.tsx?)?$)[^/]';
const featureInsides = {
  regex: `^(\\.\\./(?!\\.\\./)|(.*/)?features/)[^/]+/${notAnEntry}`,
  message:
    "Import another feature through its public entry ('../<feature>' or '../<feature>/views').",
};
// The features in the order they may use one another: each imports only features before it, so
// no two import each other, even through a third. Deals shows a deal's runs and starts them, so
// runs comes first and names deals by titles the app gives it; notifications start runs from an
// action; settings shows the account's sections. A new feature folder takes its place here.
const featureOrder = [
  'account',
  'agents',
  'usage',
  'briefings',
  'runs',
  'notifications',
  'deals',
  'settings',
];
const featureFolders = readdirSync(new URL('./src/features', import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const unordered = featureFolders.filter((name) => !featureOrder.includes(name));
if (unordered.length > 0) {
  throw new Error(`eslint.config.js: add ${unordered.join(', ')} to featureOrder`);
}
/** What `feature` may not import: the features after it in the order. */
const laterFeatures = (feature) => {
  const later = featureOrder.slice(featureOrder.indexOf(feature) + 1);
  if (later.length === 0) return [];
  return [
    {
      regex: `^(\\.\\./(?!\\.\\./)|(.*/)?features/)(${later.join('|')})(/|$)`,
      message: `${feature} may import only the features before it in featureOrder (eslint.config.js), so that no two features import each other.`,
    },
  ];
};
// The app (the shell, its routes and event wiring) uses a feature through the same entries.
const featureInsidesFromApp = {
  regex: `^(.*/)?features/[^/]+/${notAnEntry}`,
  message:
    "The app imports a feature through its public entry ('../features/<feature>' or '…/views').",
};
// …except a screen or dialog it loads lazily (`import('../features/runs/RunsScreen')`): each is its
// own chunk, and an entry re-exporting it would put it back in the start-up bundle. Static imports
// never reach a screen file (the rule above); a lazy import may reach only one.
const lazyNonScreen = {
  // esquery's regular expressions cannot hold a slash: \x2F is one.
  selector:
    'ImportExpression[source.value=/features\\x2F(?![^.\\x2F]+\\x2F[A-Z][A-Za-z]*(Screen|Dialog)$)/]',
  message:
    'The app loads lazily only a feature’s screens and dialogs (…/<Name>Screen, …/<Name>Dialog).',
};
// ---- end of the src/ shared part ------------------------------------------------------------

export default tseslint.config(
  {
    ignores: [
      'node_modules/',
      'out/',
      'dist/',
      'release/',
      'coverage/',
      'test-results/',
      'playwright-report/',
      'screenshots/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      eqeqeq: ['error', 'smart'],
      'no-console': 'off',
    },
  },
  {
    files: ['**/*.{js,mjs,cjs,ts}'],
    ignores: ['src/**'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', rendererImports],
      'no-restricted-globals': ['error', ...rendererGlobals],
    },
  },
  {
    // Browser mode: the bridge is the one renderer module allowed to open the host's WebSocket.
    files: ['src/bridge.ts', 'src/bridge/**/*.ts'],
    rules: {
      'no-restricted-globals': [
        'error',
        ...rendererGlobals.filter((global) => global.name !== 'WebSocket'),
      ],
    },
  },
  // ---- src/ (the renderer): size limits, a DOM-free lib, features through their entries -------
  {
    // Small modules with one job: a file, a component (.tsx) or another function (.ts) past these
    // is doing more than one.
    files: ['src/**/*.{ts,tsx}'],
    rules: {
      'max-lines': ['error', { max: 400, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    files: ['src/**/*.tsx'],
    rules: {
      'max-lines-per-function': ['error', { max: 150, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    files: ['src/**/*.ts'],
    rules: {
      'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    // src/lib holds the renderer's pure logic, unit-tested under Node: no page, no react-dom.
    files: ['src/lib/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          ...rendererImports,
          paths: [
            ...rendererImports.paths,
            { name: 'react-dom', message: 'src/lib is DOM-free: rendering belongs in src/ui.' },
            {
              name: 'react-dom/client',
              message: 'src/lib is DOM-free: rendering belongs in src/ui.',
            },
          ],
        },
      ],
      'no-restricted-globals': ['error', ...rendererGlobals, ...domGlobals],
    },
  },
  ...featureOrder.map((feature) => ({
    files: [`src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          ...rendererImports,
          patterns: [...rendererImports.patterns, featureInsides, ...laterFeatures(feature)],
        },
      ],
    },
  })),
  {
    files: ['src/app/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { ...rendererImports, patterns: [...rendererImports.patterns, featureInsidesFromApp] },
      ],
      'no-restricted-syntax': ['error', lazyNonScreen],
    },
  },
  // ---- end of the src/ blocks ---------------------------------------------------------------
  {
    files: ['electron/contract/**/*.ts'],
    ignores: ['electron/contract/zod.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            electronImport,
            {
              name: 'zod',
              allowTypeImports: true,
              message: "Schemas take z from './zod', which configures it for the page's CSP first.",
            },
          ],
          patterns: [
            electronSubpaths,
            nodeBuiltins,
            coreFromOutside,
            { group: folders('src'), message: 'The contract is runtime-neutral.' },
          ],
        },
      ],
    },
  },
  {
    files: ['electron/core/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [electronImport],
          patterns: [
            electronSubpaths,
            {
              group: folders('src', 'main', 'preload', 'web', 'cli', 'demo-service'),
              message: 'Core imports contract, node:* and its libraries only.',
            },
          ],
        },
      ],
    },
  },
  {
    // The shell adapts core to Electron: it never reaches into the other hosts or the renderer,
    // and shares only the channel names with the preload.
    files: ['electron/main/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [...folders('src', 'web', 'cli'), '**/preload/**', '!**/preload/channels'],
              message: 'Main imports core, contract, the demo service, electron and node:* only.',
            },
            {
              // The preload's folder itself (its index): a glob for it would also exclude the
              // channels file that the exception above lets through.
              regex: '(^|/)preload(/index(\\.ts)?)?$',
              message: 'Main shares only the channel names with the preload.',
            },
          ],
        },
      ],
    },
  },
  {
    // A sandboxed preload has no Node and must stay a thin bridge: electron's contextBridge and
    // ipcRenderer, the contract's types and its own channel names.
    files: ['electron/preload/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['node:*'], message: 'A sandboxed preload has no Node built-ins.' },
            {
              group: folders('core', 'main', 'web', 'cli', 'demo-service', 'src'),
              message: 'The preload imports electron, the contract and its channels only.',
            },
          ],
        },
      ],
    },
  },
  {
    files: [
      'electron/web/**/*.ts',
      'electron/cli/**/*.ts',
      'test/**/*.ts',
      'scripts/**/*.{ts,mjs}',
      'bin/**/*.js',
    ],
    rules: {
      'no-restricted-imports': ['error', { paths: [electronImport], patterns: [electronSubpaths] }],
    },
  },
  {
    files: ['electron/demo-service/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [electronImport],
          patterns: [
            electronSubpaths,
            {
              // Nothing outside its own folder, except electron/shared: what a server and a client
              // may both use without baking a reading of the API document into both (the loopback
              // Host check). No spec lives there.
              regex: '^\\.\\./(?!(\\.\\./)?shared/[^/]+$)',
              message:
                'The demo service shares no code with the client: import nothing of ours (but electron/shared).',
            },
            {
              group: ['**/core/**', '**/contract/**'],
              message: 'The demo service shares no code with the client: import nothing of ours.',
            },
          ],
        },
      ],
    },
  },
  {
    // What the demo service and the client share (a loopback Host check): plain TypeScript that
    // imports nothing, so neither side brings the other's code, or Node, along.
    files: ['electron/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [electronImport],
          patterns: [
            electronSubpaths,
            {
              group: ['node:*'],
              message: 'electron/shared is plain TypeScript: no Node built-ins.',
            },
            { regex: '^\\.\\./', message: 'electron/shared imports nothing of ours.' },
          ],
        },
      ],
    },
  },
  // ---- electron/: size limits (issue #16, "the house in order") ---------------------------------
  // Small modules with one job: no file over 400 lines, no function over 80 (blank lines and
  // comments not counted). A composition root or factory whose body is a set of named inner
  // functions may say so with `// eslint-disable-next-line max-lines-per-function -- factory: …`.
  // Data files and tests are left out.
  {
    files: ['electron/**/*.ts'],
    ignores: ['electron/demo-service/data/**', 'electron/**/*.test.ts'],
    rules: {
      'max-lines': ['error', { max: 400, skipBlankLines: false, skipComments: false }],
      'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true }],
    },
  },
  // ---- end of electron/ size limits ------------------------------------------------------------
);
