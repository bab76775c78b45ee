// No file beside a folder of the same name (`backend.ts` and `backend/`): a newcomer cannot tell
// which holds what. The folder's entry is its index.ts, or the file gets a name of its own.
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

const repo = resolve(import.meta.dirname, '../../..');

/**
 * Every `X.ts`/`X.tsx` under `root` that has a folder `X/` beside it, relative to `base`, with
 * forward slashes on every OS.
 */
function filesBesideFolders(root: string, base = repo): string[] {
  const found: string[] = [];
  const visit = (dir: string) => {
    const entries = readdirSync(dir, { withFileTypes: true });
    const folders = new Set(entries.filter((e) => e.isDirectory()).map((e) => e.name));
    for (const entry of entries) {
      if (entry.isDirectory()) visit(join(dir, entry.name));
      const stem = /^(.+)\.tsx?$/.exec(entry.name)?.[1];
      if (entry.isFile() && stem !== undefined && folders.has(stem)) {
        found.push(relative(base, join(dir, entry.name)).split(sep).join('/'));
      }
    }
  };
  visit(root);
  return found.sort();
}

describe('files and folders', () => {
  for (const room of ['src', 'electron']) {
    it(`${room}/ has no file beside a folder of the same name`, () => {
      const offenders = filesBesideFolders(join(repo, room));
      expect(offenders).toEqual([]);
    });
  }

  it('finds such a pair at any depth, and only such a pair', () => {
    const root = mkdtempSync(join(tmpdir(), 'same-name-'));
    try {
      mkdirSync(join(root, 'core', 'backend'), { recursive: true });
      writeFileSync(join(root, 'core', 'backend.ts'), '');
      mkdirSync(join(root, 'ui'));
      writeFileSync(join(root, 'ui.tsx'), '');
      writeFileSync(join(root, 'core', 'backend', 'index.ts'), '');
      writeFileSync(join(root, 'core', 'service.ts'), '');
      expect(filesBesideFolders(root, root)).toEqual(['core/backend.ts', 'ui.tsx']);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
