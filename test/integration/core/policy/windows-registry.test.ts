// IT's policies on Windows as the app reads them: real keys under
// HKLM and HKCU\Software\Policies\Assistant\Assistant Desktop, written here with reg.exe as an
// administrator's script would (the test may use it; the app must not, and reads them through the
// built relay's `--policies`), read by core/policy/windows-registry.ts, and removed. On Windows
// that is Wine in `npm run test:windows` and the workflows' Windows runner (an administrator, who
// may write HKLM). Elsewhere the relay answers that only Windows has a registry, and core is told
// both sources are unreadable rather than anything thrown.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runRelay } from '../../../../electron/companion/registration/relay-registry';
import type { PolicyProblem } from '../../../../electron/contract';
import { readWindowsPolicies } from '../../../../electron/core/policy/windows-registry';
import { relayBinary } from '../../../support/relay-binary';

const PLACE = 'Software\\Policies\\Assistant\\Assistant Desktop';
const MACHINE = `HKLM\\${PLACE}`;
const USER = `HKCU\\${PLACE}`;

describe('the relay’s --policies, on every OS', () => {
  it('takes no key from the command line', async () => {
    const output = await runRelay(relayBinary())(['--policies', 'HKCU\\Software\\Microsoft']);
    expect(JSON.parse(output)).toMatchObject({ ok: false, error: 'refused' });
  });

  it.skipIf(process.platform === 'win32')(
    'says elsewhere that only Windows has a registry, and core gets both sources unreadable',
    async () => {
      const reads = await readWindowsPolicies(runRelay(relayBinary()));
      expect(reads).toEqual([
        { source: 'windows-machine', reason: expect.stringContaining('Windows only') },
        { source: 'windows-user', reason: expect.stringContaining('Windows only') },
      ]);
    },
  );
});

describe.runIf(process.platform === 'win32')('policies in the Windows registry', () => {
  /** reg.exe, in the 64-bit view, where Group Policy writes policies and the relay reads them. */
  const reg = (args: string[]) =>
    new Promise<string>((resolve, reject) => {
      const exe = join(process.env.SystemRoot ?? 'C:\\Windows', 'System32', 'reg.exe');
      execFile(exe, [...args, '/reg:64'], { windowsHide: true }, (error, stdout) =>
        error === null ? resolve(stdout) : reject(error),
      );
    });
  const add = (key: string, name: string, type: string, data: string) =>
    reg(['add', key, '/v', name, '/t', type, '/d', data, '/f']);
  const exists = (key: string) =>
    reg(['query', key]).then(
      () => true,
      () => false,
    );
  /** Why this machine's keys are not the test's to write, if they are not. */
  let notOurs: string | undefined;

  beforeAll(async () => {
    if ((await exists(MACHINE)) || (await exists(USER))) {
      notOurs =
        'this computer has Assistant Desktop policies of its own, not the test’s to replace';
    }
  });
  afterAll(async () => {
    if (notOurs !== undefined) return;
    await reg(['delete', MACHINE, '/f']).catch(() => '');
    await reg(['delete', USER, '/f']).catch(() => '');
  });

  it('reads the machine’s and the user’s values, typed and split at Recommended, machine first', async (context) => {
    if (notOurs !== undefined) context.skip(notOurs);
    await add(MACHINE, 'ServiceBaseUrl', 'REG_SZ', 'https://assistant.example.com/');
    await add(MACHINE, 'Companion', 'REG_DWORD', '1');
    await add(MACHINE, 'MorningTime', 'REG_SZ', '07:30');
    await add(MACHINE, 'TranscriptMaxTotalMB', 'REG_QWORD', '2048');
    await add(MACHINE, 'Notes', 'REG_MULTI_SZ', 'first\\0second');
    // As written, not expanded: no policy names a variable (relay/src/policies.rs).
    await add(MACHINE, 'Folder', 'REG_EXPAND_SZ', '%APPDATA%\\x');
    await add(MACHINE, 'Blob', 'REG_BINARY', '0102');
    await add(`${MACHINE}\\Recommended`, 'TranscriptMaxAgeDays', 'REG_DWORD', '90');
    await add(
      `${MACHINE}\\Recommended\\CompanionCrmDomains`,
      'crm.example.com',
      'REG_SZ',
      'dynamics',
    );
    await add(`${MACHINE}\\CompanionCrmDomains`, 'sales.example.com', 'REG_SZ', 'salesforce');
    // The same names for the user: both reach core, which applies the machine's.
    await add(USER, 'Companion', 'REG_DWORD', '0');
    await add(USER, 'MorningTime', 'REG_SZ', '09:00');
    // Non-ASCII crosses the relay's ASCII-only line as escapes, whatever the console's code page.
    await add(USER, 'Greeting', 'REG_SZ', 'Grüße, 日本');
    await add(`${USER}\\recommended`, 'language', 'REG_SZ', 'de');

    const problems: PolicyProblem[] = [];
    const reads = await readWindowsPolicies(runRelay(relayBinary()), (problem) =>
      problems.push(problem),
    );
    expect(reads).toEqual([
      {
        source: 'windows-machine',
        mandatory: {
          ServiceBaseUrl: 'https://assistant.example.com/',
          Companion: 1,
          MorningTime: '07:30',
          TranscriptMaxTotalMB: 2048,
          Notes: ['first', 'second'],
          Folder: '%APPDATA%\\x',
          CompanionCrmDomains: { 'sales.example.com': 'salesforce' },
        },
        recommended: {
          TranscriptMaxAgeDays: 90,
          CompanionCrmDomains: { 'crm.example.com': 'dynamics' },
        },
      },
      {
        source: 'windows-user',
        mandatory: { Companion: 0, MorningTime: '09:00', Greeting: 'Grüße, 日本' },
        recommended: { Language: 'de' },
      },
    ]);
    expect(problems).toEqual([
      {
        policy: 'Blob',
        source: 'windows-machine',
        level: 'mandatory',
        reason: 'not read from the registry: REG_BINARY',
      },
    ]);
  });

  it('has no source for a key that is not there', async (context) => {
    if (notOurs !== undefined) context.skip(notOurs);
    await reg(['delete', MACHINE, '/f']).catch(() => '');
    await add(USER, 'AllowDemo', 'REG_DWORD', '0');
    const reads = await readWindowsPolicies(runRelay(relayBinary()));
    expect(reads.map((read) => read.source)).toEqual(['windows-user']);
    await reg(['delete', USER, '/f']);
    expect(await readWindowsPolicies(runRelay(relayBinary()))).toEqual([]);
  });
});
