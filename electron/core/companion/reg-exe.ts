// reg.exe, the registry tool every Windows has, by its full path, with arguments as they are: no
// shell, nothing to quote. Its output is read as UTF-8 (see registryDefaultValue for what is used).
import { execFile } from 'node:child_process';
import { win32 } from 'node:path';
import type { RegRunner } from './registration';

export const regExe: RegRunner = (args) =>
  new Promise((resolve, reject) => {
    const systemRoot = process.env.SystemRoot ?? 'C:\\Windows';
    execFile(
      win32.join(systemRoot, 'System32', 'reg.exe'),
      [...args],
      { windowsHide: true, timeout: 10_000 },
      (error, stdout) => (error === null ? resolve(stdout) : reject(error)),
    );
  });
