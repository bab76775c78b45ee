// Path rules by platform rather than by the computer the code runs on, so each OS's places are
// computed (and tested) the same way everywhere: a Windows path joined on Linux stays a Windows
// path, and a macOS one built on Windows keeps its slashes.
import { posix, win32 } from 'node:path';

export function pathsOf(platform: NodeJS.Platform): typeof posix {
  return platform === 'win32' ? win32 : posix;
}
