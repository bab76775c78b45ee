// The last step of an atomic write on Windows, where a file in use refuses to be replaced for a
// moment (EPERM, EACCES, EBUSY): tried again for up to 2 s there, at once an error elsewhere and
// for any other failure. The rename is Node's on a real folder in json-file.test.ts and, under
// Wine, in the Windows run; here it is told what Windows answers.
import { describe, expect, it } from 'vitest';
import { replaceFile, type ReplaceFileDeps } from '../../../../electron/core/storage/replace-file';

function errno(code: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`${code}: rename`), { code });
}

/** A file system whose rename fails with `failures` in turn, then succeeds; a clock of its own. */
function fakeFs(platform: NodeJS.Platform, failures: string[]) {
  let clock = 0;
  const waits: number[] = [];
  let renames = 0;
  const deps: ReplaceFileDeps = {
    platform,
    rename: () => {
      renames += 1;
      const code = failures.shift();
      return code === undefined ? Promise.resolve() : Promise.reject(errno(code));
    },
    wait: (ms) => {
      waits.push(ms);
      clock += ms;
      return Promise.resolve();
    },
    now: () => clock,
  };
  return { deps, waits, renames: () => renames };
}

describe('replaceFile', () => {
  it('waits out a file in use on Windows, a little longer each time up to 50 ms', async () => {
    const fs = fakeFs('win32', ['EPERM', 'EBUSY', 'EACCES', 'EPERM', 'EPERM', 'EPERM']);
    await replaceFile('a.tmp', 'a', fs.deps);
    expect(fs.renames()).toBe(7);
    expect(fs.waits).toEqual([5, 10, 20, 40, 50, 50]);
  });

  it('gives up on Windows after about 2 s, with the last error', async () => {
    const fs = fakeFs(
      'win32',
      Array.from({ length: 100 }, () => 'EPERM'),
    );
    await expect(replaceFile('a.tmp', 'a', fs.deps)).rejects.toMatchObject({ code: 'EPERM' });
    const waited = fs.waits.reduce((sum, ms) => sum + ms, 0);
    expect(waited).toBeGreaterThanOrEqual(2_000);
    expect(waited).toBeLessThan(2_000 + 50);
  });

  it('stops at once for a failure that is not a file in use, and anywhere but Windows', async () => {
    const missing = fakeFs('win32', ['ENOENT']);
    await expect(replaceFile('a.tmp', 'a', missing.deps)).rejects.toMatchObject({ code: 'ENOENT' });
    expect(missing.renames()).toBe(1);

    const linux = fakeFs('linux', ['EACCES']);
    await expect(replaceFile('a.tmp', 'a', linux.deps)).rejects.toMatchObject({ code: 'EACCES' });
    expect(linux.renames()).toBe(1);
  });
});
