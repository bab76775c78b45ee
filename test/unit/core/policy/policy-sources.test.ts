// Where core looks for policies: on Linux the system file, and a file ASSISTANT_POLICY_FILE names
// below it, so a user who can set that variable can add policies but never undo the system's.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { policySources, POLICY_FILE_ENV } from '../../../../electron/core/policy/policy-sources';
import { resolvePolicies } from '../../../../electron/core/policy/resolve-policies';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'policy-sources-'));
  await writeFile(join(dir, 'system.json'), JSON.stringify({ MorningTime: '07:00' }));
  await writeFile(
    join(dir, 'mine.json'),
    JSON.stringify({
      MorningTime: '11:00',
      Language: 'fr',
      Recommended: { UpdateChannel: 'beta' },
    }),
  );
  await writeFile(join(dir, 'broken.json'), '{ "MorningTime": ');
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('policy sources', () => {
  it("reads the system file first; the variable's file adds but never overrides", async () => {
    const sources = policySources({
      platform: 'linux',
      env: { [POLICY_FILE_ENV]: join(dir, 'mine.json') },
      linuxFile: join(dir, 'system.json'),
    });
    const resolved = resolvePolicies(await sources.read());
    expect(Object.fromEntries(resolved.locked)).toEqual({
      'notifications.morningTime': '07:00',
      language: 'fr',
    });
    expect(Object.fromEntries(resolved.recommended)).toEqual({ 'updates.channel': 'beta' });
    expect(sources.watchDirs).toEqual([dir]);
  });

  it('has no source for a missing file and an unreadable one, with the reason, for broken JSON', async () => {
    const sources = policySources({
      platform: 'linux',
      env: { [POLICY_FILE_ENV]: join(dir, 'broken.json') },
      linuxFile: join(dir, 'absent.json'),
    });
    expect(await sources.read()).toEqual([
      { source: 'file', reason: `${join(dir, 'broken.json')} is not valid JSON.` },
    ]);
  });

  it('reads no Linux file on other systems', async () => {
    const sources = policySources({
      platform: 'win32',
      env: {},
      linuxFile: join(dir, 'system.json'),
      osReader: { read: () => Promise.resolve([]) },
    });
    expect(await sources.read()).toEqual([]);
  });
});
