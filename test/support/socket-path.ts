// Where a test's companion socket listens. On macOS and Linux a socket file in the test's own
// folder (inside `folder`, so the folder's privacy rules apply to it); on Windows a named pipe,
// the only kind of path Windows Node listens on, with a name no other test file shares.
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';

export function testSocketPath(
  folder: string,
  name: string,
  platform: NodeJS.Platform = process.platform,
): string {
  if (platform === 'win32') {
    return `\\\\.\\pipe\\assistant-test-${randomBytes(6).toString('hex')}-${name}`;
  }
  return join(folder, `${name}.sock`);
}
