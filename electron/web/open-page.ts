// Opens browser mode's address in the user's default browser without putting it on a command line:
// the address carries the page's per-start secret, and a process's arguments are readable by
// every local user (`/proc/<pid>/cmdline`, `ps`). The OS's opener (xdg-open, open, explorer) is
// given a file instead: `open-page.html` in the private data folder (mode 0600 in a 0700 folder),
// which moves the browser on to the address at once. The file is removed a minute later, when
// the browser has read it, and is written afresh (never appended to) for each open.
import { spawn as nodeSpawn } from 'node:child_process';
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** How long the file stays for the browser to read it. */
const KEEP_MS = 60_000;
export const OPEN_PAGE_FILE = 'open-page.html';

export type Spawn = (command: string, args: readonly string[]) => void;

function spawnDetached(command: string, args: readonly string[]): void {
  const child = nodeSpawn(command, args, { detached: true, stdio: 'ignore' });
  child.on('error', () => undefined); // no opener on this machine: nothing opens, said in the log
  child.unref();
}

/** The OS's own way to open a file with the default application, for its platform. */
export function openerFor(platform: NodeJS.Platform): string {
  if (platform === 'darwin') return 'open';
  if (platform === 'win32') return 'explorer.exe';
  return 'xdg-open';
}

/** A page that moves on to the address; the address escaped for an HTML attribute and a string. */
export function redirectPage(url: string): string {
  const attribute = url.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  return [
    '<!doctype html>',
    '<meta charset="utf-8">',
    '<meta name="referrer" content="no-referrer">',
    `<meta http-equiv="refresh" content="0;url=${attribute}">`,
    '<title>Assistant</title>',
    '',
  ].join('\n');
}

export function createPageOpener(
  dataDir: string,
  platform: NodeJS.Platform,
  spawn: Spawn = spawnDetached,
): (url: string) => Promise<void> {
  const file = join(dataDir, OPEN_PAGE_FILE);
  return async (url) => {
    if (!/^http:\/\/127\.0\.0\.1:\d+\//.test(url)) throw new Error('Not browser mode’s address.');
    await rm(file, { force: true });
    // `wx`: a file someone put there meanwhile is not written through.
    await writeFile(file, redirectPage(url), { mode: 0o600, flag: 'wx' });
    spawn(openerFor(platform), [pathToFileURL(file).href]);
    const timer = setTimeout(() => void rm(file, { force: true }).catch(() => undefined), KEEP_MS);
    timer.unref();
  };
}
