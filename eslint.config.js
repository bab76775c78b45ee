// Lint rules, including the import boundaries that keep the runtime split honest
// (see docs/ARCHITECTURE.md, "Rooms and what may import what").
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import eslintComments from '@eslint-community/eslint-plugin-eslint-comments';
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
  message: 'The renderer reaches core only through the contract (src/platform/bridge).',
};

/** A folder's files and the folder itself (its index): `../web/host` and `../web` alike. */
const folders = (...names) => names.flatMap((name) => [`**/${name}/**`, `**/${name}`]);

// Data, not logic: the demo's hand-written accounts. Left out of the size rules by name.
const dataFiles = ['electron/demo-service/data/accounts.ts'];

// ---- src/ (the renderer): shared by its blocks below ---------------------------------------
const rendererImports = {
  paths: [electronImport],
  patterns: [
    electronSubpaths,
    nodeBuiltins,
    coreFromOutside,
    {
      group: folders('demo-service', 'web', 'cli', 'main', 'preload'),
      message: 'The renderer imports only electron/contract and electron/domain.',
    },
    {
      regex: '(^|/)electron/(?!(contract|domain)(/|$))',
      message: 'The renderer imports only electron/contract and electron/domain.',
    },
  ],
};
const rendererGlobals = [
  {
    name: 'fetch',
    message: 'The renderer never calls the network: go through src/platform/bridge.',
  },
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
// What only Node has: electron/domain runs in the page as well as in core.
const nodeOnlyGlobals = Object.keys(globals.node).filter(
  (name) => !(name in globals.browser) && !(name in globals.builtin),
);
// electron/domain runs in the page and in core and calls no network: no global only one side has.
const domainGlobals = [
  ...new Set([...[...domGlobals, ...rendererGlobals].map(({ name }) => name), ...nodeOnlyGlobals]),
].map((name) => ({
  name,
  message:
    'electron/domain runs in the page and in core, and calls no network: take what it needs as an argument.',
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
// Today (briefings) comes last: its meeting card prepares with the deal, the run and the setting.
const featureOrder = [
  'account',
  'agents',
  'usage',
  'runs',
  'notifications',
  'deals',
  'settings',
  'briefings',
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
// The renderer's rooms, from the bottom: lib (pure logic), platform (the services every room
// shares: the bridge, requests, the router, the host store, toasts…), ui (shared components),
// features, and the shell (src/app), which puts them together. Each imports only rooms below it.
/**
 * Another room of src/, reached by a relative path (`../app/events`, `../../features/deals`);
 * unlike a glob, not a file of the same name elsewhere (`electron/contract/app`).
 */
const rooms = (...names) => `^(\\.\\./)+(${names.join('|')})(/|$)`;
const shellFromBelow = {
  regex: rooms('app'),
  message: 'Only the shell imports src/app: what features and ui/ share lives in src/platform.',
};
const uiImports = {
  regex: rooms('features', 'app'),
  message:
    'src/ui holds shared components: it imports platform, lib, the contract and react, never a feature or the shell.',
};
const platformImports = {
  regex: rooms('features', 'app', 'ui'),
  message:
    'src/platform holds the services features, ui/ and the shell share: it imports lib and the contract, never a feature, ui/ or the shell.',
};
const libImports = {
  regex: rooms('features', 'app', 'ui', 'platform'),
  message: 'src/lib is pure logic: it imports the contract and other lib modules only.',
};
// Every word a person reads goes through the language in use (docs/languages.md): no text, and
// no name, title or placeholder written in the markup. The brand and symbols are not words.
const untranslatedWords = [
  {
    selector: 'JSXText[value=/[A-Za-z]{2,}/]:not([value=/^\\s*Assistant\\s*$/])',
    message: "Words a person reads come from the catalogues: t('<area>.<id>') (docs/languages.md).",
  },
  {
    selector:
      'JSXAttribute[name.name=/^(aria-label|aria-description|aria-valuetext|title|placeholder|alt|label)$/] > Literal[value=/[A-Za-z]{2,}/]',
    message: "A name, title or placeholder is words too: t('<area>.<id>') (docs/languages.md).",
  },
  {
    selector: 'JSXExpressionContainer > Literal[value=/[A-Za-z]{2,}/]',
    message: "Words a person reads come from the catalogues: t('<area>.<id>') (docs/languages.md).",
  },
];
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
    ignores: ['src/**', 'extension/src/**'],
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
    files: ['src/platform/bridge/**/*.ts'],
    rules: {
      'no-restricted-globals': [
        'error',
        ...rendererGlobals.filter((global) => global.name !== 'WebSocket'),
      ],
    },
  },
  // ---- src/ (the renderer): size limits, a DOM-free lib, features through their entries -------
  {
    // Small modules with one job: a file past this is doing more than one (functions: below).
    files: ['src/**/*.{ts,tsx}'],
    rules: {
      'max-lines': ['error', { max: 400, skipBlankLines: true, skipComments: true }],
      'no-restricted-syntax': ['error', ...untranslatedWords],
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
          patterns: [...rendererImports.patterns, libImports],
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
          patterns: [
            ...rendererImports.patterns,
            shellFromBelow,
            featureInsides,
            ...laterFeatures(feature),
          ],
        },
      ],
    },
  })),
  {
    files: ['src/ui/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { ...rendererImports, patterns: [...rendererImports.patterns, uiImports] },
      ],
    },
  },
  {
    files: ['src/platform/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { ...rendererImports, patterns: [...rendererImports.patterns, platformImports] },
      ],
    },
  },
  {
    files: ['src/app/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { ...rendererImports, patterns: [...rendererImports.patterns, featureInsidesFromApp] },
      ],
      'no-restricted-syntax': ['error', lazyNonScreen, ...untranslatedWords],
    },
  },
  // ---- end of the src/ blocks ---------------------------------------------------------------
  {
    // The browser companion's extension runs in the browser and never holds the session: it
    // shares no code with core or the hosts, only electron/domain's pure modules (a Dynamics GUID
    // read as core reads it), the contract's schemas (what the app answers is checked with them)
    // and the renderer's shared rooms (src/ui, src/lib, src/platform/i18n: components, markdown,
    // the translator), never its desktop client (src/platform/bridge, api, links…) nor a feature
    // (src/features). It calls no network, and reaches chrome.* only through extension/src/chrome
    // (docs/companion.md).
    files: ['extension/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          paths: [electronImport],
          patterns: [
            electronSubpaths,
            nodeBuiltins,
            coreFromOutside,
            {
              group: folders('demo-service', 'web', 'cli', 'main', 'preload'),
              message: 'The extension talks to the app only through native messaging.',
            },
            {
              regex: '(^|/)electron/(?!(domain|contract)(/|$))',
              message:
                'The extension talks to the app only through native messaging; of electron/ it imports only domain and the contract.',
            },
            {
              // links and focusWhenShown open through the desktop host and its router: the panel
              // opens links its own way (docs/companion.md).
              regex:
                '(^|/)src/platform/(bridge|api|requests|hostStore|connectivity|links|focusWhenShown|router)(/|\\.ts|$)',
              message: "The desktop app's client is not the extension's: it has the bridge.",
            },
            {
              regex: '(^|/)src/features(/|$)',
              message:
                "The renderer's features are the desktop app's screens: what the panel shares with them lives in src/lib or src/ui.",
            },
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        ...rendererGlobals,
        { name: 'chrome', message: 'chrome.* only through extension/src/chrome (testable).' },
      ],
      'no-restricted-syntax': ['error', ...untranslatedWords],
      'max-lines': ['error', { max: 400, skipBlankLines: true, skipComments: true }],
      'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    // The deal-address recogniser is pure: the service worker and the panel read it alike, and it
    // needs nothing of the app's but electron/domain (a Dynamics GUID read as core reads it).
    files: ['extension/src/deal-address/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [electronImport],
          patterns: [
            electronSubpaths,
            nodeBuiltins,
            coreFromOutside,
            {
              regex: '(^|/)electron/(?!domain(/|$))',
              message: 'The recogniser is pure: of electron/ it imports only domain.',
            },
            { regex: '(^|/)src/', message: 'The recogniser is pure: no renderer code.' },
          ],
        },
      ],
    },
  },
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
            {
              // The wire holds no logic. A schema may refine with a domain check it cannot do
              // without; the one today is the settings' global shortcut (Settings shows the
              // check's sentence), and the language choice Settings stores (its one list of
              // languages). Name another here only for the same reason.
              regex: '(^|/)domain(/(?!shortcuts/accelerator$|i18n/languages$)|$)',
              message:
                'The contract is the wire only: a schema imports from electron/domain only a check it needs (eslint.config.js names them).',
            },
          ],
        },
      ],
    },
  },
  {
    // What core and the renderer must read alike (records by role, briefings' meetings, a run
    // record's text, shortcuts): pure TypeScript that runs on both sides, so it imports only the
    // contract, its own modules and pure libraries. The contract imports its shortcut check, so
    // that module never imports the contract back.
    files: ['electron/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            electronImport,
            {
              name: 'zod',
              allowTypeImports: true,
              message: "Take z from electron/contract/zod, which configures it for the page's CSP.",
            },
            { name: 'react', message: 'electron/domain is plain TypeScript: no UI.' },
            { name: 'react-dom', message: 'electron/domain is plain TypeScript: no UI.' },
          ],
          patterns: [
            electronSubpaths,
            nodeBuiltins,
            {
              group: folders('core', 'main', 'preload', 'web', 'cli', 'demo-service', 'src'),
              message:
                'electron/domain imports only the contract, its own modules and pure libraries.',
            },
          ],
        },
      ],
      'no-restricted-globals': ['error', ...domainGlobals],
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
              message: 'Core imports contract, domain, node:* and its libraries only.',
            },
            {
              // The companion's socket host (electron/companion) is a host over core: core declares
              // what it needs of it (core/pairings) and never imports it, so no import circle.
              regex: '^(\\.\\./)+companion(/|$)',
              message: 'Core never imports the companion host: declare what core needs in core.',
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
    // The browser companion's host, beside browser mode: it adapts core to the relay's socket.
    files: ['electron/companion/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [electronImport],
          patterns: [
            electronSubpaths,
            {
              group: folders('src', 'main', 'preload', 'web', 'cli', 'demo-service'),
              message: 'The companion host imports core, contract, domain and node:* only.',
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
  // ---- size limits everywhere (issues #16 and #23) ---------------------------------------------
  {
    // Small modules with one job: no file of electron/ over 400 lines.
    files: ['electron/**/*.ts'],
    ignores: [...dataFiles, 'electron/**/*.test.ts'],
    rules: {
      'max-lines': ['error', { max: 400, skipBlankLines: false, skipComments: false }],
    },
  },
  {
    // No function over 100 lines (blank lines and comments not counted), a component or a
    // composition root alike: one that long is doing several jobs, which get names of their own.
    // Tests and the data files are left out.
    files: [
      'src/**/*.{ts,tsx}',
      'electron/**/*.ts',
      'bench/**/*.{ts,tsx,mjs,js}',
      'scripts/**/*.{ts,mjs,js}',
    ],
    ignores: [...dataFiles, '**/*.test.ts'],
    rules: {
      'max-lines-per-function': ['error', { max: 100, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    // The size rules hold without exceptions: a disable comment cannot switch them off, and no
    // comment may configure a rule (`/* eslint max-lines: … */` would do the same).
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    plugins: { '@eslint-community/eslint-comments': eslintComments },
    rules: {
      '@eslint-community/eslint-comments/no-restricted-disable': [
        'error',
        'max-lines',
        'max-lines-per-function',
      ],
      '@eslint-community/eslint-comments/no-use': [
        'error',
        {
          allow: [
            'eslint-disable',
            'eslint-disable-line',
            'eslint-disable-next-line',
            'eslint-enable',
            'eslint-env',
            'exported',
            'global',
            'globals',
          ],
        },
      ],
    },
  },
  // ---- end of size limits ----------------------------------------------------------------------
);
