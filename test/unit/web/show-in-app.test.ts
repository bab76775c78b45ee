// "Open in Assistant" in browser mode: an open page is told where to go; with none, the default
// browser opens browser mode's address on the deal's route, through a file in the private data
// folder, so the address and its secret never stand on a command line.
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Navigate } from '../../../electron/contract';
import {
  OPEN_PAGE_FILE,
  createPageOpener,
  openerFor,
  redirectPage,
} from '../../../electron/web/open-page';
import { REOPEN_AFTER_MS, browserModeShowInApp, routeOf } from '../../../electron/web/show-in-app';

const SECRET = 'f'.repeat(64);
const DEAL = '4623f483-b85d-5178-8205-db9d660593ee';
const pageUrl = (route: string) =>
  `http://127.0.0.1:4173/#token=${SECRET}&route=${encodeURIComponent(route.replace(/^#/, ''))}`;

describe('browser mode shows a deal', () => {
  it('tells the open pages, and opens the default browser only when none is open', async () => {
    let open = true;
    const told: Navigate[] = [];
    const opened: string[] = [];
    const show = browserModeShowInApp({
      pagesOpen: () => open,
      emitNavigate: (target) => told.push(target),
      pageUrl,
      openPage: async (url) => {
        opened.push(url);
      },
    });
    expect(await show({ screen: 'deals', id: DEAL })).toBe('page');
    expect(told).toEqual([{ screen: 'deals', id: DEAL }]);
    expect(opened).toEqual([]);
    open = false;
    expect(await show({ screen: 'runs', id: 'run_1' })).toBe('browser');
    expect(opened).toEqual([pageUrl('#/runs/run_1')]);
    expect(told).toHaveLength(1);
  });

  it('opens the default browser once in ten seconds, however often it is asked', async () => {
    let clock = 0;
    const opened: string[] = [];
    const show = browserModeShowInApp({
      pagesOpen: () => false,
      emitNavigate: () => undefined,
      pageUrl,
      openPage: async (url) => {
        opened.push(url);
      },
      now: () => clock,
    });
    for (let i = 0; i < 20; i += 1)
      expect(await show({ screen: 'deals', id: DEAL })).toBe('browser');
    expect(opened).toHaveLength(1);
    clock += REOPEN_AFTER_MS;
    await show({ screen: 'deals', id: DEAL });
    expect(opened).toHaveLength(2);
  });

  it('routes as the renderer does', () => {
    expect(routeOf({ screen: 'deals', id: DEAL })).toBe(`#/deals/${DEAL}`);
    expect(routeOf({ screen: 'runs', id: 'run_1' })).toBe('#/runs/run_1');
    expect(routeOf({ screen: 'today' })).toBe('#/today');
  });
});

describe('opening the default browser without the address on a command line', () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'open-page-'));
  });
  afterEach(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('hands the OS opener a file of the data folder that moves on to the address', async () => {
    const spawned: [string, readonly string[]][] = [];
    const open = createPageOpener(dataDir, 'linux', (command, args) =>
      spawned.push([command, args]),
    );
    const url = pageUrl(`#/deals/${DEAL}`);
    await open(url);
    expect(spawned).toHaveLength(1);
    const [command, args] = spawned[0] ?? ['', []];
    expect(command).toBe('xdg-open');
    expect(args.join(' ')).not.toContain(SECRET);
    const file = fileURLToPath(args[0] ?? '');
    expect(file).toBe(join(dataDir, OPEN_PAGE_FILE));
    const text = await readFile(file, 'utf8');
    expect(text).toContain(`content="0;url=${url.replace(/&/g, '&amp;')}"`);
    if (process.platform !== 'win32') expect((await stat(file)).mode & 0o777).toBe(0o600);
    // Written afresh for the next open.
    await open(pageUrl('#/runs/run_2'));
    expect(await readFile(file, 'utf8')).toContain('runs%2Frun_2');
    expect(await readFile(file, 'utf8')).not.toContain(DEAL);
  });

  it('opens nothing but browser mode’s own address', async () => {
    const spawned: string[] = [];
    const open = createPageOpener(dataDir, 'linux', (command) => spawned.push(command));
    await expect(open('https://attacker.example/')).rejects.toThrow();
    await expect(open('file:///etc/passwd')).rejects.toThrow();
    expect(spawned).toEqual([]);
  });

  it('uses each OS’s own opener, and escapes the address for the page', () => {
    expect(openerFor('linux')).toBe('xdg-open');
    expect(openerFor('darwin')).toBe('open');
    expect(openerFor('win32')).toBe('explorer.exe');
    expect(redirectPage('http://127.0.0.1:1/#a="b"<c>&d')).toContain(
      'url=http://127.0.0.1:1/#a=&quot;b&quot;&lt;c>&amp;d"',
    );
  });
});
