// IT's policies on Windows as the app reads them: real keys under HKLM and
// HKCU\Software\Policies\Assistant\Assistant Desktop, written here with `reg import` as an
// administrator's .reg file would be (the test may use reg.exe; the app must not, and reads them
// through the built relay's `--policies`), read by core/policy/windows-registry.ts, and removed.
// On Windows that is Wine in `npm run test:windows` and the workflows' Windows runner (an
// administrator, who may write HKLM). Elsewhere the relay answers that only Windows has a registry, and core is told
// both sources are unreadable rather than anything thrown.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runRelay } from '../../../../electron/companion/registration/relay-registry';
import { resolvePolicies } from '../../../../electron/core/policy/resolve-policies';
import { readWindowsPolicies } from '../../../../electron/core/policy/windows-registry';
import { withoutProblems } from '../../../support/policy-reads';
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

/** A .reg file's data for one value (the format `reg export` writes and `reg import` reads). */
const utf16 = (text: string) => Buffer.from(`${text}\0`, 'utf16le');
const hex = (type: string, bytes: Buffer) =>
  `${type}:${[...bytes].map((b) => b.toString(16).padStart(2, '0')).join(',')}`;
const data = {
  sz: (text: string) => `"${text.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`,
  dword: (n: number) => `dword:${n.toString(16).padStart(8, '0')}`,
  qword: (n: number) => {
    const bytes = Buffer.alloc(8);
    bytes.writeBigUInt64LE(BigInt(n));
    return hex('hex(b)', bytes);
  },
  expandSz: (text: string) => hex('hex(2)', utf16(text)),
  multiSz: (texts: string[]) => hex('hex(7)', Buffer.concat([...texts.map(utf16), utf16('')])),
  binary: (bytes: number[]) => hex('hex', Buffer.from(bytes)),
};

describe.runIf(process.platform === 'win32')('policies in the Windows registry', () => {
  /** reg.exe, in the 64-bit view, where Group Policy writes policies and the relay reads them. */
  const reg = (args: string[]) =>
    new Promise<string>((resolve, reject) => {
      const exe = join(process.env.SystemRoot ?? 'C:\\Windows', 'System32', 'reg.exe');
      execFile(exe, [...args, '/reg:64'], { windowsHide: true }, (error, stdout) =>
        error === null ? resolve(stdout) : reject(error),
      );
    });
  /**
   * Writes keys as an administrator's .reg file would, with one `reg import` (a `reg add` per
   * value costs a second under Wine). Keys are `HKLM\…` or `HKCU\…`, each value's data as `data`.
   */
  async function importKeys(keys: Record<string, Record<string, string>>): Promise<void> {
    const root = { HKLM: 'HKEY_LOCAL_MACHINE', HKCU: 'HKEY_CURRENT_USER' } as const;
    const lines = ['Windows Registry Editor Version 5.00', ''];
    for (const [key, values] of Object.entries(keys)) {
      const [hive = '', ...path] = key.split('\\');
      lines.push(`[${root[hive as keyof typeof root]}\\${path.join('\\')}]`);
      for (const [name, value] of Object.entries(values)) lines.push(`"${name}"=${value}`);
      lines.push('');
    }
    const folder = await mkdtemp(join(tmpdir(), 'policy-reg-'));
    try {
      const file = join(folder, 'policies.reg');
      await writeFile(file, `\ufeff${lines.join('\r\n')}`, 'utf16le');
      await reg(['import', file]);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  }
  const removeBoth = async () => {
    await reg(['delete', MACHINE, '/f']).catch(() => '');
    await reg(['delete', USER, '/f']).catch(() => '');
  };
  const read = async () => withoutProblems(await readWindowsPolicies(runRelay(relayBinary())));
  /** Why this computer's keys are not the test's to write, if they are not. */
  let notOurs: string | undefined;

  beforeAll(async () => {
    const exists = (key: string) =>
      reg(['query', key]).then(
        () => true,
        () => false,
      );
    if ((await exists(MACHINE)) || (await exists(USER))) {
      notOurs =
        'this computer has Assistant Desktop policies of its own, not the test’s to replace';
    }
  });
  afterEach(async () => {
    if (notOurs === undefined) await removeBoth();
  });

  it('reads the machine’s and the user’s values, typed and split at Recommended, machine first', async (context) => {
    if (notOurs !== undefined) context.skip(notOurs);
    await importKeys({
      [MACHINE]: {
        ServiceBaseUrl: data.sz('https://assistant.example.com/'),
        Companion: data.dword(1),
        MorningTime: data.sz('07:30'),
        TranscriptMaxTotalMB: data.qword(2048),
        Notes: data.multiSz(['first', 'second']),
        // As written, not expanded: no policy names a variable (relay/src/policies.rs).
        Folder: data.expandSz('%APPDATA%\\x'),
        Blob: data.binary([1, 2]),
      },
      [`${MACHINE}\\Recommended`]: { TranscriptMaxAgeDays: data.dword(90) },
      [`${MACHINE}\\Recommended\\CompanionCrmDomains`]: { 'crm.example.com': data.sz('dynamics') },
      [`${MACHINE}\\CompanionCrmDomains`]: { 'sales.example.com': data.sz('salesforce') },
      // The same names for the user: both reach core, where the machine's bind.
      [USER]: {
        Companion: data.dword(0),
        MorningTime: data.sz('09:00'),
        // Non-ASCII crosses the relay's ASCII-only line as escapes, whatever the code page.
        Greeting: data.sz('Grüße, 日本'),
      },
      // Names in another case, as Windows compares them.
      [`${USER}\\recommended`]: { language: data.sz('de') },
    });

    const { reads, problems } = await read();
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
    // As core applies them: the machine's value binds where the user's key sets the same policy.
    const resolved = resolvePolicies(reads);
    expect(resolved.locked.get('notifications.morningTime')).toBe('07:30');
    expect(resolved.locked.get('companion.enabled')).toBe(true);
    expect(resolved.recommended.get('language')).toBe('de');
  });

  it('has no source for a key that is not there', async (context) => {
    if (notOurs !== undefined) context.skip(notOurs);
    expect((await read()).reads).toEqual([]);
    await importKeys({ [USER]: { AllowDemo: data.dword(0) } });
    expect((await read()).reads).toEqual([
      { source: 'windows-user', mandatory: { AllowDemo: 0 }, recommended: {} },
    ]);
  });

  it('bounds what it reads: a key past 500 entries is unreadable, a long value or a deep key is reported', async (context) => {
    if (notOurs !== undefined) context.skip(notOurs);
    await importKeys({
      [USER]: Object.fromEntries(
        Array.from({ length: 501 }, (_, i) => [`Value${i}`, data.dword(1)]),
      ),
      [MACHINE]: { Long: data.sz('x'.repeat(33_000)), AllowDemo: data.dword(0) },
      [`${MACHINE}\\Recommended\\CompanionCrmDomains\\deeper`]: { x: data.sz('y') },
    });
    const { reads, problems } = await read();
    expect(reads).toEqual([
      {
        source: 'windows-machine',
        mandatory: { AllowDemo: 0 },
        recommended: { CompanionCrmDomains: {} },
      },
      { source: 'windows-user', reason: expect.stringContaining('more than 500') },
    ]);
    expect(problems).toEqual([
      {
        policy: 'CompanionCrmDomains\\deeper',
        source: 'windows-machine',
        level: 'recommended',
        reason: 'not read from the registry: a key more than 2 levels down',
      },
      {
        policy: 'Long',
        source: 'windows-machine',
        level: 'mandatory',
        reason: 'not read from the registry: longer than 65536 bytes',
      },
    ]);
  });
});
