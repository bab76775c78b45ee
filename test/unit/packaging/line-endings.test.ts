// Line endings (.gitattributes): a checkout on GitHub's Windows runner holds the same bytes as one
// on Linux. That runner's Git checks out with core.autocrlf=true; without the attributes every
// text file would arrive with CRLF, Prettier's check would refuse them and a test reading a file
// line by line would read other text there. Proved with Git itself, checking files out as that
// runner does: first in a scratch repository (without the attributes, then with this
// repository's), then over every file this repository tracks.
import { execFileSync, spawnSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../../..');
const hasGit = spawnSync('git', ['--version']).status === 0;
// A copy laid out from the index (no .git of its own) has no history to ask Git about.
const isWorkTree = existsSync(join(root, '.git'));

function git(cwd: string, args: string[]): string {
  // safe.directory: in CI's container the checkout may belong to another user than the tests.
  return execFileSync('git', ['-c', `safe.directory=${cwd}`, ...args], {
    cwd,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    maxBuffer: 64 * 1024 * 1024,
  });
}

describe.skipIf(!hasGit)('a checkout with core.autocrlf=true, as on the Windows runner', () => {
  let repo: string;
  let checkout: string;
  const nsis = '!macro customUnInstall\n  DeleteRegKey HKCU "Software\\Assistant"\n!macroend\n';
  // Bytes a text conversion would change: a lone LF, and a NUL that makes Git call it binary.
  const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x0a, 0x41]);

  beforeEach(() => {
    repo = mkdtempSync(join(tmpdir(), 'line-endings-repo-'));
    checkout = mkdtempSync(join(tmpdir(), 'line-endings-checkout-'));
    git(repo, ['init', '--quiet']);
    writeFileSync(join(repo, 'installer.nsh'), nsis);
    writeFileSync(join(repo, 'icon.png'), png);
    writeFileSync(join(repo, 'tool.cmd'), '@echo off\n:start\ngoto :eof\n');
  });
  afterEach(() => {
    rmSync(repo, { recursive: true, force: true });
    rmSync(checkout, { recursive: true, force: true });
  });

  /** The files as Git checks them out with core.autocrlf=true. */
  function checkOut(): Record<string, Buffer> {
    git(repo, ['add', '--all']);
    git(repo, ['-c', 'core.autocrlf=true', 'checkout-index', '--all', `--prefix=${checkout}/`]);
    return Object.fromEntries(
      ['installer.nsh', 'icon.png', 'tool.cmd'].map((name) => [
        name,
        readFileSync(join(checkout, name)),
      ]),
    );
  }

  it('gives text files CRLF without the attributes (the defect they prevent)', () => {
    const files = checkOut();
    expect(files['installer.nsh']?.toString('utf8')).toBe(nsis.replace(/\n/g, '\r\n'));
  });

  it('gives LF text, untouched binary files and CRLF batch files with this repository’s', () => {
    copyFileSync(join(root, '.gitattributes'), join(repo, '.gitattributes'));
    const files = checkOut();
    expect(files['installer.nsh']?.toString('utf8')).toBe(nsis);
    expect(files['icon.png']).toEqual(png);
    expect(files['tool.cmd']?.toString('utf8')).toBe('@echo off\r\n:start\r\ngoto :eof\r\n');
  });
});

describe.skipIf(!hasGit || !isWorkTree)('every file this repository tracks', () => {
  /** `git ls-files --eol`: what the index holds, and the attributes that apply, per file. */
  const tracked = () =>
    git(root, ['ls-files', '--eol'])
      .split(/\r?\n/)
      .filter((line) => line !== '')
      .map((line) => {
        // `i/lf    w/lf    attr/text=auto eol=lf <TAB>path`
        const [, index = '', attributes = '', file = ''] =
          /^(\S+)\s+\S+\s+attr\/(.*?)\s*\t(.*)$/.exec(line) ?? [];
        return { file, index, attributes };
      });

  it('is stored with LF, or is binary and named as binary by the attributes', () => {
    const files = tracked();
    expect(files.length).toBeGreaterThan(100);
    const wrong = files.filter(({ index, attributes }) =>
      index === 'i/-text' ? attributes !== '-text' : !['i/lf', 'i/none'].includes(index),
    );
    expect(wrong).toEqual([]);
  });

  it('checks out with LF on the Windows runner too', () => {
    const files = tracked();
    const text = files.filter(({ index }) => index !== 'i/-text');
    const notLf = text.filter(
      ({ file, attributes }) => attributes !== 'text=auto eol=lf' && !/\.(bat|cmd)$/.test(file),
    );
    expect(notLf).toEqual([]);
    // The file the NSIS test reads, checked out as that runner would, has no CR.
    const checkout = mkdtempSync(join(tmpdir(), 'line-endings-checkout-'));
    try {
      const nsh = 'resources/installer.nsh';
      git(root, ['-c', 'core.autocrlf=true', 'checkout-index', `--prefix=${checkout}/`, nsh]);
      const text = readFileSync(join(checkout, nsh), 'utf8');
      expect(text).toContain('!macro customUnInstall\n');
      expect(text).not.toContain('\r');
    } finally {
      rmSync(checkout, { recursive: true, force: true });
    }
  });
});
