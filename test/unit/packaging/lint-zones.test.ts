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
    .filter((m) => m.ruleId === 'no-restricted-imports' || m.ruleId === 'no-restricted-globals')
    .map((m) => m.message);
}

const use = (specifier: string) => `import * as m from '${specifier}';\nexport const x = m;\n`;

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
    file: 'electron/contract/example.ts',
    wrong: [
      ['a Node built-in', use('node:path')],
      ['core', use('../core/backend')],
      ['electron', use('electron')],
    ],
    right: [use('zod'), use('./common')],
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
    ],
    right: [use('node:http'), use('./api')],
  },
  {
    file: 'electron/web/example.ts',
    wrong: [['electron', use('electron')]],
    right: [use('../core/backend'), use('ws')],
  },
];

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
