// The import boundaries of eslint.config.js, proven: each zone refuses a deliberate wrong import
// of each kind and accepts a right one. A rule that silently stopped matching (a moved folder, a
// glob typo) would otherwise let the runtime split erode unnoticed.
import { ESLint } from 'eslint';
import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';

const repo = resolve(import.meta.dirname, '../../..');
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: repo });
});

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
    file: 'src/features/deals/Example.tsx',
    wrong: [
      ['electron', use('electron')],
      ['a Node built-in', use('node:fs')],
      ['core', use('../../../electron/core/backend')],
      ['the shell', use('../../../electron/main/ipc')],
      ['browser mode, by its folder', use('../../../electron/web')],
      ['the network', 'export const f = () => fetch("/x");\n'],
    ],
    right: [use('../../../electron/contract'), use('react')],
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
    ],
    right: [
      use('../../electron/contract'),
      use('./format'),
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
      use('../../app/api'),
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
      use('./router'),
      use('../lib/routes'),
      use('../ui/Button'),
    ],
  },
  {
    file: 'electron/contract/example.ts',
    wrong: [
      ['a Node built-in', use('node:path')],
      ['core', use('../core/backend')],
      ['electron', use('electron')],
      ['zod itself, unconfigured for the page', use('zod')],
    ],
    right: [use('./zod'), use('./common')],
  },
  {
    file: 'electron/core/example.ts',
    wrong: [
      ['electron', use('electron')],
      ['the renderer', use('../../src/bridge')],
      ['the shell', use('../main/ipc')],
      ['the demo service', use('../demo-service')],
    ],
    right: [use('node:fs'), use('../contract'), use('./backend')],
  },
  {
    file: 'electron/main/example.ts',
    wrong: [
      ['the renderer', use('../../src/bridge')],
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
      ['the renderer', use('../../src/bridge')],
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

describe('size limits in src/', () => {
  it('refuses a component over 150 lines, and accepts one of 150', async () => {
    expect(await sizeErrors('src/features/runs/Example.tsx', fn('Big', 151))).not.toEqual([]);
    expect(await sizeErrors('src/features/runs/Example.tsx', fn('Fits', 150))).toEqual([]);
  });

  it('refuses another function over 80 lines, and accepts one of 80', async () => {
    expect(await sizeErrors('src/lib/example.ts', fn('big', 81))).not.toEqual([]);
    expect(await sizeErrors('src/lib/example.ts', fn('fits', 80))).toEqual([]);
  });

  it('counts neither blank lines nor comments', async () => {
    const padded = fn('fits', 80).replace('{\n', '{\n\n  // why\n\n');
    expect(await sizeErrors('src/lib/example.ts', padded)).toEqual([]);
  });

  it('refuses a file over 400 lines', async () => {
    const small = (i: number) => fn(`f${i}`, 40);
    const file = Array.from({ length: 11 }, (_, i) => small(i)).join('');
    expect(await sizeErrors('src/lib/example.ts', file)).not.toEqual([]);
    expect(
      await sizeErrors('src/lib/example.ts', file.split('export function f10')[0] ?? ''),
    ).toEqual([]);
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
