// The Windows policy reader's side of the relay's `--policies` (core/policy/windows-registry.ts):
// answers as relay/src/policies.rs writes them become each key's locked values and its
// `Recommended` defaults, machine first; what the relay left out reaches IT as a problem; and an
// answer the relay never gives, or no relay at all, leaves both sources unreadable, never a throw.
// The relay itself against real keys: test/integration/core/policy/windows-registry.test.ts.
import { describe, expect, it } from 'vitest';
import { readWindowsPolicies } from '../../../../electron/core/policy/windows-registry';
import { withoutProblems } from '../../../support/policy-reads';

const answering = (line: string) => () => Promise.resolve(`${line}\r\n`);
const key = (
  values: Record<string, unknown>,
  keys: Record<string, unknown> = {},
  skipped: { name: string; reason: string }[] = [],
) => ({ values, keys, skipped });

describe('the Windows registry policies, from the relay’s answer', () => {
  it('gives the machine’s key, then the user’s, each split at Recommended', async () => {
    const machine = key(
      { ServiceBaseUrl: 'https://assistant.example.com/', MorningTime: '07:30', Companion: 1 },
      {
        Recommended: key(
          { TranscriptMaxAgeDays: 90 },
          { CompanionCrmDomains: key({ 'crm.example.com': 'dynamics' }) },
        ),
        CompanionCrmDomains: key({ 'sales.example.com': 'salesforce' }),
      },
    );
    const user = key({ Companion: 0, Extra: ['a', 'b'] });
    const reads = await readWindowsPolicies(answering(JSON.stringify({ ok: true, machine, user })));
    expect(reads).toEqual([
      {
        source: 'windows-machine',
        mandatory: {
          ServiceBaseUrl: 'https://assistant.example.com/',
          MorningTime: '07:30',
          Companion: 1,
          CompanionCrmDomains: { 'sales.example.com': 'salesforce' },
        },
        recommended: {
          TranscriptMaxAgeDays: 90,
          CompanionCrmDomains: { 'crm.example.com': 'dynamics' },
        },
      },
      { source: 'windows-user', mandatory: { Companion: 0, Extra: ['a', 'b'] }, recommended: {} },
    ]);
  });

  it('reads names in any case as the declaration spells them, and leaves a policy’s own entries', async () => {
    const machine = key(
      { servicebaseurl: 'https://a.example/', NotAPolicy: 1 },
      {
        RECOMMENDED: key({ morningtime: '08:00' }),
        companioncrmdomains: key({ 'CRM.Example.com': 'dynamics' }),
      },
    );
    const [read] = await readWindowsPolicies(
      answering(JSON.stringify({ ok: true, machine, user: null })),
    );
    expect(read).toEqual({
      source: 'windows-machine',
      mandatory: {
        ServiceBaseUrl: 'https://a.example/',
        NotAPolicy: 1,
        CompanionCrmDomains: { 'CRM.Example.com': 'dynamics' },
      },
      recommended: { MorningTime: '08:00' },
    });
  });

  it('tells IT what the relay left out, where and at which level', async () => {
    const user = key(
      { Companion: 1 },
      {
        Companion: key({}),
        Recommended: key(
          {},
          {
            CompanionCrmDomains: key({}, {}, [
              { name: 'deep', reason: 'a key more than 2 levels down' },
            ]),
          },
          [{ name: 'allowdemo', reason: 'REG_BINARY' }],
        ),
      },
      [{ name: 'Blob', reason: 'longer than 65536 bytes' }],
    );
    const { reads, problems } = withoutProblems(
      await readWindowsPolicies(answering(JSON.stringify({ ok: true, machine: null, user }))),
    );
    expect(reads).toEqual([
      {
        source: 'windows-user',
        mandatory: { Companion: {} },
        recommended: { CompanionCrmDomains: {} },
      },
    ]);
    expect(problems).toEqual([
      {
        policy: 'Companion',
        source: 'windows-user',
        level: 'mandatory',
        reason: 'a value and a key of the same name: the key is read',
      },
      {
        policy: 'CompanionCrmDomains\\deep',
        source: 'windows-user',
        level: 'recommended',
        reason: 'not read from the registry: a key more than 2 levels down',
      },
      {
        policy: 'AllowDemo',
        source: 'windows-user',
        level: 'recommended',
        reason: 'not read from the registry: REG_BINARY',
      },
      {
        policy: 'Blob',
        source: 'windows-user',
        level: 'mandatory',
        reason: 'not read from the registry: longer than 65536 bytes',
      },
    ]);
  });

  it('has no source for a missing key and an unreadable one for a key it could not read', async () => {
    expect(await readWindowsPolicies(answering('{"ok":true,"machine":null,"user":null}'))).toEqual(
      [],
    );
    const reads = await readWindowsPolicies(
      answering(
        JSON.stringify({
          ok: true,
          machine: { error: 'failed', message: 'Access is denied.', code: 5 },
          user: key({ Companion: 1 }),
        }),
      ),
    );
    expect(reads).toEqual([
      { source: 'windows-machine', reason: 'Access is denied. (5)' },
      { source: 'windows-user', mandatory: { Companion: 1 }, recommended: {} },
    ]);
  });

  // zod's record drops the name (it is no policy); what matters is that it is never a prototype.
  it('never lets a value or key named __proto__ become the prototype of what core reads', async () => {
    const [read] = await readWindowsPolicies(
      answering(
        '{"ok":true,"machine":null,"user":{"values":{"__proto__":["x"],"Companion":1},' +
          '"keys":{"__proto__":{"values":{"polluted":1},"keys":{},"skipped":[]}},"skipped":[]}}',
      ),
    );
    const mandatory = read !== undefined && 'mandatory' in read ? read.mandatory : undefined;
    expect(mandatory).toEqual({ Companion: 1 });
    expect(Object.getPrototypeOf(mandatory)).toBe(Object.prototype);
    expect((mandatory as { polluted?: unknown }).polluted).toBeUndefined();
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
  });

  it('leaves both sources unreadable, with the reason, for any answer the relay never gives', async () => {
    const tooDeep = key({}, { A: key({}, { B: key({}, { C: key({}) }) }) });
    for (const [output, reason] of [
      ['Zugriff verweigert', /not JSON/],
      [
        '{"ok":true,"machine":{"values":{"X":-1},"keys":{},"skipped":[]},"user":null}',
        /not one it gives/,
      ],
      [JSON.stringify({ ok: true, machine: tooDeep, user: null }), /not one it gives/],
      [
        '{"ok":true,"machine":{"values":{"X":true},"keys":{},"skipped":[]},"user":null}',
        /not one it gives/,
      ],
      [
        '{"ok":false,"error":"unsupported","message":"the registry exists on Windows only"}',
        /Windows only/,
      ],
    ] as const) {
      const reads = await readWindowsPolicies(answering(output));
      expect(reads.map((read) => read.source)).toEqual(['windows-machine', 'windows-user']);
      for (const read of reads)
        expect(read).toMatchObject({ reason: expect.stringMatching(reason) });
    }
  });

  it('does not throw when the relay cannot be run at all', async () => {
    const reads = await readWindowsPolicies(() => Promise.reject(new Error('spawn ENOENT')));
    expect(reads).toEqual([
      { source: 'windows-machine', reason: expect.stringContaining('ENOENT') },
      { source: 'windows-user', reason: expect.stringContaining('ENOENT') },
    ]);
  });
});
