// The stores' extension ids a build bakes into the app (scripts/published-extension-ids.ts, read
// by scripts/build-node.mjs): read from ASSISTANT_EXTENSION_IDS and checked; a release build
// (ASSISTANT_REQUIRE_EXTENSION_IDS=1) without them fails, a developer's only warns; and esbuild's
// `define` of them reaches extension-ids.ts as its PUBLISHED_EXTENSION_IDS.
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { DEVELOPMENT_EXTENSION_ID } from '../../../electron/companion/registration/extension-ids';
import { publishedIdsDefine, publishedIdsForBuild } from '../../../scripts/published-extension-ids';
import { REPO_ROOT } from './support/workflows';

const CHROME_STORE = 'aaaabbbbccccddddeeeeffffgggghhhh';
const EDGE_STORE = 'hhhhggggffffeeeeddddccccbbbbaaaa';

describe('the stores’ ids a build is given', () => {
  it('reads them separated by commas or white space, each once', () => {
    expect(
      publishedIdsForBuild({ ASSISTANT_EXTENSION_IDS: ` ${CHROME_STORE},\n${EDGE_STORE} ` }),
    ).toEqual({ ok: true, ids: [CHROME_STORE, EDGE_STORE] });
    expect(
      publishedIdsForBuild({ ASSISTANT_EXTENSION_IDS: `${CHROME_STORE} ${CHROME_STORE}` }),
    ).toEqual({ ok: true, ids: [CHROME_STORE] });
  });

  it('a release build without them fails, saying what to set', () => {
    for (const ids of [undefined, '', ' , ']) {
      const read = publishedIdsForBuild({
        ASSISTANT_EXTENSION_IDS: ids,
        ASSISTANT_REQUIRE_EXTENSION_IDS: '1',
      });
      expect(read.ok).toBe(false);
      expect(read.ok ? '' : read.error).toContain('EXTENSION_IDS');
    }
    expect(
      publishedIdsForBuild({
        ASSISTANT_EXTENSION_IDS: CHROME_STORE,
        ASSISTANT_REQUIRE_EXTENSION_IDS: '1',
      }),
    ).toEqual({ ok: true, ids: [CHROME_STORE] });
  });

  it('a developer’s build without them warns and carries none', () => {
    const read = publishedIdsForBuild({});
    expect(read).toMatchObject({ ok: true, ids: [] });
    expect(read.ok ? read.warning : '').toMatch(/lets in no browser extension/);
  });

  it('refuses what is not a store’s id: another shape, or the development id', () => {
    for (const bad of ['abc', 'A'.repeat(32), 'q'.repeat(32), DEVELOPMENT_EXTENSION_ID]) {
      const read = publishedIdsForBuild({ ASSISTANT_EXTENSION_IDS: `${CHROME_STORE},${bad}` });
      expect(read.ok, bad).toBe(false);
      expect(read.ok ? '' : read.error, bad).toContain(bad);
    }
  });

  it('reaches extension-ids.ts through esbuild’s define, as scripts/build-node.mjs bundles it', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'extension-ids-'));
    try {
      const outfile = path.join(dir, 'extension-ids.mjs');
      await build({
        entryPoints: [path.join(REPO_ROOT, 'electron/companion/registration/extension-ids.ts')],
        outfile,
        bundle: true,
        platform: 'node',
        format: 'esm',
        define: publishedIdsDefine([CHROME_STORE, EDGE_STORE]),
        logLevel: 'silent',
      });
      const bundled = (await import(pathToFileURL(outfile).href)) as {
        PUBLISHED_EXTENSION_IDS: readonly string[];
        allowedOrigins: (kind: 'packaged' | 'development') => string[];
      };
      expect(bundled.PUBLISHED_EXTENSION_IDS).toEqual([CHROME_STORE, EDGE_STORE]);
      expect(bundled.allowedOrigins('packaged')).toEqual([
        `chrome-extension://${CHROME_STORE}/`,
        `chrome-extension://${EDGE_STORE}/`,
      ]);
      expect(bundled.allowedOrigins('development')).toEqual([
        `chrome-extension://${DEVELOPMENT_EXTENSION_ID}/`,
      ]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('scripts/build-node.mjs stops before bundling anything when a release build has none', async () => {
    const run = promisify(execFile)(process.execPath, ['scripts/build-node.mjs'], {
      cwd: REPO_ROOT,
      env: { ...process.env, ASSISTANT_EXTENSION_IDS: '', ASSISTANT_REQUIRE_EXTENSION_IDS: '1' },
    });
    await expect(run).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('ASSISTANT_REQUIRE_EXTENSION_IDS=1') as string,
    });
  });
});
