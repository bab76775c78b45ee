// The import boundaries of eslint.config.js, proven: each zone refuses a deliberate wrong import
// of each kind and accepts a right one. A rule that silently stopped matching (a moved folder, a
// glob typo) would otherwise let the runtime split erode unnoticed.
import { ESLint } from 'eslint';
import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';

const repo = resolve(import.meta.dirname, '../../..');
let eslint: ESLint;

beforeAll(async () => {
  eslint = new ESLint({ cwd: repo });
  // ESLint loads each file kind's parser and plugins on its first lint: done here once, so no
  // test pays for it (under Wine, on a busy machine, the first .tsx took over 30 s).
  await Promise.all(
    ['src/lib/warm-up.tsx', 'electron/core/warm-up.ts', 'scripts/warm-up.mjs'].map((path) =>
      eslint.lintText('export const x = 1;\n', { filePath: resolve(repo, path) }),
    ),
  );
}, 180_000);

/** The boundary messages ESLint gives `code` as if it were the file at `path`. */
async function boundaryErrors(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: resolve(repo, path) });
  return (result?.messages ?? [])
    .filter(
      (m) =>
        m.ruleId === 'no-restricted-imports' ||
        m.ruleId === 'no-restricted-globals' ||
        m.ruleId === 'no-restricted-syntax',
    )
    .map((m) => m.message);
}

const use = (specifier: string) => `import * as m from '${specifier}';\nexport const x = m;\n`;
const lazy = (specifier: string) => `export const load = () => import('${specifier}');\n`;

interface Zone {
  file: string;
  wrong: Array<[what: string, code: string]>;
  right: string[];
}

const zones: Zone[] = [
  {
    // The browser companion's extension reaches the app only through native messaging.
    file: 'extension/src/deal-address/example.ts',
    wrong: [
      ['electron', use('electron')],
      ['a Node built-in', use('node:fs')],
      ['core', use('../../../electron/core/deals/crm-id')],
      ['browser mode', use('../../../electron/web')],
      ['the contract', use('../../../electron/contract')],
      ['the network', 'export const f = () => fetch("/x");\n'],
    ],
    right: [
      use('./types'),
      use('../../../electron/domain/records/crm-guid'),
      'export const host = (a: string) => new URL(a).host;\n',
    ],
  },
  {
    // The side panel shares the renderer's modules, never its desktop client, and reaches
    // chrome.* only through extension/src/chrome.
    file: 'extension/src/panel/Example.tsx',
    wrong: [
      ['electron', use('electron')],
      ['a Node built-in', use('node:fs')],
      ['core', use('../../../electron/core/deals/crm-id')],
      ['browser mode', use('../../../electron/web')],
      ["the desktop's bridge", use('../../../src/platform/bridge')],
      ["the desktop's contract client", use('../../../src/platform/api')],
      ["the desktop's link opener", use('../../../src/platform/links')],
      ['a renderer feature’s module', use('../../../src/features/runs/RunPanel')],
      ['a renderer feature by its entry', use('../../../src/features/usage')],
      ['the network', 'export const f = () => fetch("/x");\n'],
      ['chrome.* directly', 'export const i = () => chrome.runtime.id;\n'],
    ],
    right: [
      use('../../../electron/contract'),
      use('../../../electron/domain/briefings/meetings'),
      use('../../../src/ui/markdown'),
      use('../../../src/lib/runOutput'),
      use('../chrome'),
    ],
  },
  {
    file: 'src/features/deals/Example.tsx',
    wrong: [
      ['electron', use('electron')],
      ['a Node built-in', use('node:fs')],
      ['core', use('../../../electron/core/backend')],
      ['the shell', use('../../../electron/main/ipc')],
      ['browser mode, by its folder', use('../../../electron/web')],
      ['a room of electron/ other than contract and domain', use('../../../electron/updates/feed')],
      ['the network', 'export const f = () => fetch("/x");\n'],
    ],
    right: [
      use('../../../electron/contract'),
      use('../../../electron/domain/records/roles'),
      use('react'),
    ],
  },
  {
    // src/lib is the renderer's pure logic, tested under Node: no page and no react-dom.
    file: 'src/lib/example.ts',
    wrong: [
      ['the window', 'export const w = () => window.innerWidth;\n'],
      ['the document', 'export const t = () => document.title;\n'],
      ['the navigator', 'export const l = () => navigator.language;\n'],
      ['the address bar', 'export const h = () => location.hash;\n'],
      ['a DOM type at run time', 'export const e = (x: unknown) => x instanceof HTMLElement;\n'],
      ['react-dom', use('react-dom')],
      ['react-dom/client', use('react-dom/client')],
      ['a Node built-in', use('node:fs')],
      ['the network', 'export const f = () => fetch("/x");\n'],
      ['the platform', use('../platform/router')],
      ['a feature', use('../features/deals')],
      ['a shared component', use('../ui/Button')],
      ['the shell', use('../app/events')],
    ],
    right: [
      use('../../electron/contract'),
      use('../../electron/domain/shortcuts/accelerator'),
      use('./format'),
      use('./markdown/inline'),
      use('react'),
      'export const host = (a: string) => new URL(a).host;\n',
      'export const later = (f: () => void) => setTimeout(f, 1);\n',
    ],
  },
  {
    // A feature reaches another through its public entries only: index (state), views
    // (components).
    file: 'src/features/runs/Example.tsx',
    wrong: [
      ['another feature’s store file', use('../deals/store')],
      ['another feature’s component file', use('../account/AccountSection')],
      ['another feature’s insides by the features folder', use('../../features/deals/store')],
      ['electron', use('electron')],
      ['core', use('../../../electron/core/backend')],
      ['the shell', use('../../app/Banners')],
      ['the shell, by its folder', use('../../app')],
    ],
    right: [
      use('../account'),
      use('../account/views'),
      use('../agents/index'),
      use('../../features/agents'),
      use('./store'),
      use('./RunPanel'),
      use('../../ui/Button'),
      use('../../lib/format'),
      use('../../platform/api'),
      use('../../platform/hostStore'),
      use('../../platform/bridge'),
    ],
  },
  {
    // Features use one another in one direction only (featureOrder in eslint.config.js): deals
    // shows and starts runs, so runs never imports deals, not even through its entry.
    file: 'src/features/runs/Example2.tsx',
    wrong: [
      ['a later feature (deals)', use('../deals')],
      ['a later feature’s views', use('../deals/views')],
      ['a later feature by the features folder', use('../../features/deals')],
      ['a later feature (notifications)', use('../notifications')],
    ],
    right: [use('../account'), use('../agents'), use('../usage')],
  },
  {
    file: 'src/features/deals/Example2.tsx',
    wrong: [['a later feature (settings)', use('../settings')]],
    right: [use('../runs'), use('../runs/views'), use('../notifications')],
  },
  {
    // The app uses a feature through its entries too, and lazily loads only its screens and
    // dialogs.
    file: 'src/app/example.tsx',
    wrong: [
      ['a feature’s store file', use('../features/deals/store')],
      ['a feature’s component file', use('../features/notifications/Toasts')],
      ['a lazy import of a feature’s store file', lazy('../features/deals/store')],
      ['a lazy import of a feature’s inner component', lazy('../features/runs/RunPanel')],
      ['core', use('../../electron/core/backend')],
    ],
    right: [
      use('../features/deals'),
      use('../features/notifications/views'),
      use('../features/settings/index'),
      lazy('../features/runs/RunsScreen'),
      lazy('../features/account/SignInDialog'),
      lazy('./CommandPalette'),
      use('./ui-store'),
      use('../platform/router'),
      use('../lib/routes'),
      use('../ui/Button'),
    ],
  },
  {
    // Shared components use the platform's services, never a feature or the shell.
    file: 'src/ui/example.tsx',
    wrong: [
      ['a feature', use('../features/account')],
      ['a feature’s insides', use('../features/deals/store')],
      ['a feature’s views', use('../features/notifications/views')],
      ['the shell', use('../app/App')],
      ['the shell, by its folder', use('../app')],
      ['core', use('../../electron/core/backend')],
    ],
    right: [
      use('./Button'),
      use('../platform/connectivity'),
      use('../platform/links'),
      use('../lib/format'),
      use('../../electron/contract'),
      // A module named like a room elsewhere is not that room.
      use('../../electron/contract/app'),
      use('react'),
    ],
  },
  {
    // The platform is what features, ui/ and the shell share: it reaches none of them.
    file: 'src/platform/example.ts',
    wrong: [
      ['a feature', use('../features/account')],
      ['a feature’s store file', use('../features/runs/store')],
      ['a shared component', use('../ui/Feedback')],
      ['the shell', use('../app/events')],
      ['the shell, by its folder', use('../app')],
      ['electron', use('electron')],
      ['the network', 'export const f = () => fetch("/x");\n'],
    ],
    right: [
      use('./router'),
      use('./bridge'),
      use('./hostStore'),
      use('../lib/routes'),
      use('../../electron/contract'),
      use('../../electron/contract/app'),
      use('zustand'),
    ],
  },
  {
    file: 'electron/contract/example.ts',
    wrong: [
      ['a Node built-in', use('node:path')],
      ['core', use('../core/backend')],
      ['electron', use('electron')],
      ['zod itself, unconfigured for the page', use('zod')],
      ['logic from the domain no schema needs', use('../domain/records/roles')],
      ['the domain by its folder', use('../domain')],
    ],
    // The settings schema refuses a shortcut with the domain's check and its sentence.
    right: [use('./zod'), use('./common'), use('../domain/shortcuts/accelerator')],
  },
  {
    // What core and the renderer read alike runs on both sides: nothing only one side has.
    file: 'electron/domain/records/example.ts',
    wrong: [
      ['a Node built-in', use('node:path')],
      ['core', use('../../core/backend')],
      ['the shell', use('../../main/ipc')],
      ['the renderer', use('../../../src/lib/format')],
      ['electron', use('electron')],
      ['react', use('react')],
      ['zod itself, unconfigured for the page', use('zod')],
      ['the page', 'export const w = () => window.innerWidth;\n'],
      ['Node’s process', 'export const p = () => process.platform;\n'],
      ['the network', 'export const f = () => fetch("/x");\n'],
    ],
    right: [
      use('./vocabulary'),
      use('../briefings/fields'),
      use('../../contract'),
      use('../../contract/zod'),
      'export const host = (a: string) => new URL(a).host;\n',
    ],
  },
  {
    file: 'electron/core/example.ts',
    wrong: [
      ['electron', use('electron')],
      ['the renderer', use('../../src/platform/bridge')],
      ['the shell', use('../main/ipc')],
      ['the demo service', use('../demo-service')],
      ['the companion host, by its folder', use('../companion')],
      ['the companion host, a module of it', use('../../companion/host')],
    ],
    right: [use('node:fs'), use('../contract'), use('../domain/records/roles'), use('./backend')],
  },
  {
    // Core's own handler of the companion's requests stays core's: only the host is refused.
    file: 'electron/core/host/handlers/example.ts',
    wrong: [['the companion host', use('../../../companion/subset')]],
    right: [use('./companion'), use('../../pairings/control')],
  },
  {
    // The browser companion's host adapts core to the relay's socket, as browser mode adapts it
    // to a page's: no Electron, no other host, no renderer.
    file: 'electron/companion/example.ts',
    wrong: [
      ['electron', use('electron')],
      ['the shell', use('../main/ipc')],
      ['browser mode', use('../web/host')],
      ['the renderer', use('../../src/platform/bridge')],
    ],
    right: [use('node:net'), use('../core/backend'), use('../contract'), use('./registration')],
  },
  {
    file: 'electron/main/example.ts',
    wrong: [
      ['the renderer', use('../../src/platform/bridge')],
      ['browser mode', use('../web/host')],
      ['the command line', use('../cli/main')],
      ['the preload', use('../preload/index')],
      ['the preload, by its folder', use('../preload')],
    ],
    right: [use('electron'), use('../core/backend'), use('../preload/channels'), use('node:path')],
  },
  {
    file: 'electron/preload/example.ts',
    wrong: [
      ['a Node built-in', use('node:fs')],
      ['core', use('../core/backend')],
      ['the shell', use('../main/ipc')],
      ['the renderer', use('../../src/platform/bridge')],
    ],
    right: [use('electron'), use('./channels'), 'import type { Result } from "../contract";\n'],
  },
  {
    file: 'electron/demo-service/example.ts',
    wrong: [
      ['core', use('../core/backend')],
      ['the contract', use('../contract')],
      ['electron', use('electron')],
      ['browser mode', use('../web/host')],
      ['core, through the shared folder', use('../shared/../core/backend')],
    ],
    right: [use('node:http'), use('./api'), use('../shared/loopback-host')],
  },
  {
    file: 'electron/demo-service/http/example.ts',
    wrong: [['core', use('../../core/backend')]],
    right: [use('./envelope'), use('../../shared/loopback-host')],
  },
  {
    // What the demo service and the client share: plain TypeScript that imports nothing.
    file: 'electron/shared/example.ts',
    wrong: [
      ['a Node built-in', use('node:http')],
      ['the contract', use('../contract')],
      ['electron', use('electron')],
    ],
    right: [use('./loopback-host')],
  },
  {
    file: 'electron/web/example.ts',
    wrong: [['electron', use('electron')]],
    right: [use('../core/backend'), use('ws')],
  },
];

/** The size rules' messages for `code` as if it were the file at `path`. */
async function sizeErrors(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: resolve(repo, path) });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === 'max-lines-per-function' || m.ruleId === 'max-lines')
    .map((m) => m.message);
}

/** A function `lines` lines long, its signature and closing brace included. */
function fn(name: string, lines: number, result = 'null'): string {
  const body = Array.from({ length: lines - 3 }, (_, i) => `  const v${i} = ${i};`);
  return `export function ${name}() {\n${body.join('\n')}\n  return ${result};\n}\n`;
}

/** The messages of the rules that keep the size rules from being switched off by a comment. */
async function directiveErrors(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: resolve(repo, path) });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId?.startsWith('@eslint-community/eslint-comments/'))
    .map((m) => m.message);
}

describe('size limits', () => {
  const code = [
    'src/features/runs/Example.tsx',
    'src/lib/example.ts',
    'electron/core/example.ts',
    'electron/main/example.ts',
    'bench/scale/example.ts',
    'scripts/example.mjs',
  ];
  for (const path of code) {
    it(`refuses a function over 100 lines in ${path}, and accepts one of 100`, async () => {
      expect(await sizeErrors(path, fn('big', 101))).not.toEqual([]);
      expect(await sizeErrors(path, fn('fits', 100))).toEqual([]);
    });
  }

  it('counts neither blank lines nor comments', async () => {
    const padded = fn('fits', 100).replace('{\n', '{\n\n  // why\n\n');
    expect(await sizeErrors('src/lib/example.ts', padded)).toEqual([]);
  });

  it('leaves out the data files it names, and tests', async () => {
    expect(await sizeErrors('electron/demo-service/data/accounts.ts', fn('big', 101))).toEqual([]);
    expect(await sizeErrors('test/unit/example.test.ts', fn('big', 101))).toEqual([]);
    // Only by name: the data folder's other files hold logic and keep the limit.
    expect(await sizeErrors('electron/demo-service/data/example.ts', fn('big', 101))).not.toEqual(
      [],
    );
  });

  it('refuses a file over 400 lines', async () => {
    const small = (i: number) => fn(`f${i}`, 40);
    const file = Array.from({ length: 11 }, (_, i) => small(i)).join('');
    expect(await sizeErrors('src/lib/example.ts', file)).not.toEqual([]);
    expect(
      await sizeErrors('src/lib/example.ts', file.split('export function f10')[0] ?? ''),
    ).toEqual([]);
  });

  it('cannot be switched off by a comment', async () => {
    const path = 'electron/core/example.ts';
    const disabled = [
      `// eslint-disable-next-line max-lines-per-function -- factory\n${fn('big', 101)}`,
      `/* eslint-disable max-lines */\n${fn('small', 10)}`,
      `/* eslint-disable */\n${fn('small', 10)}`,
      `/* eslint max-lines-per-function: off */\n${fn('big', 101)}`,
    ];
    for (const code of disabled) expect(await directiveErrors(path, code), code).not.toEqual([]);
    // Another rule's disable, with its reason, stays possible.
    const other = `// eslint-disable-next-line no-control-regex -- control characters are the point\nexport const c = /\\x00/;\n`;
    expect(await directiveErrors(path, other)).toEqual([]);
  });
});

describe('lint zones', () => {
  for (const zone of zones) {
    describe(zone.file.replace(/\/[^/]+$/, '/'), () => {
      for (const [what, code] of zone.wrong) {
        it(`refuses ${what}`, async () => {
          expect(await boundaryErrors(zone.file, code)).not.toEqual([]);
        });
      }
      it('accepts what it may import', async () => {
        for (const code of zone.right) expect(await boundaryErrors(zone.file, code)).toEqual([]);
      });
    });
  }
});

describe('words through the catalogues', () => {
  const component = (body: string) =>
    `export function X({ t }: { t: (id: string) => string }) {\n  return ${body};\n}\n`;

  it('refuses words written in the markup, in features, ui and the shell alike', async () => {
    for (const file of ['src/features/deals/X.tsx', 'src/ui/X.tsx', 'src/app/X.tsx']) {
      for (const body of [
        '<p>No deals yet</p>',
        '<input placeholder="Search deals" />',
        '<nav aria-label="Main" />',
        "<p>{'Loading'}</p>",
      ]) {
        expect(await boundaryErrors(file, component(body)), `${file}: ${body}`).toEqual([
          expect.stringContaining('docs/languages.md'),
        ]);
      }
    }
  });

  it('accepts words from t, the brand, symbols and data', async () => {
    for (const body of [
      "<p>{t('deals.list.empty')}</p>",
      '<span>Assistant</span>',
      '<span>· / ← K</span>',
      "<input placeholder={t('x')} aria-label={t('y')} />",
    ]) {
      expect(await boundaryErrors('src/features/deals/X.tsx', component(body)), body).toEqual([]);
    }
  });
});
