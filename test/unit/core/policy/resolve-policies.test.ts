// IT's policy values as core applies them: each checked with its setting's schema and read as its
// place stores it, the more binding source first, a lock over any default, and every value not
// applied kept with its reason (never its value).
import { describe, expect, it } from 'vitest';
import { POLICIES, POLICY_NAMES } from '../../../../electron/contract';
import { resolvePolicies } from '../../../../electron/core/policy/resolve-policies';
import type { RawPolicies } from '../../../../electron/core/policy/raw-policies';

const source = (
  name: RawPolicies['source'],
  mandatory: Record<string, unknown>,
  recommended: Record<string, unknown> = {},
): RawPolicies => ({ source: name, mandatory, recommended });

describe('resolvePolicies', () => {
  it('locks what sits at the top and takes Recommended as defaults, by setting path', () => {
    const resolved = resolvePolicies([
      source(
        'file',
        { ServiceBaseUrl: 'https://assistant.example.com/api/v1/assistant', MorningTime: '07:30' },
        { UpdateChannel: 'beta', TranscriptMaxAgeDays: 90 },
      ),
    ]);
    expect(Object.fromEntries(resolved.locked)).toEqual({
      serviceBaseUrl: 'https://assistant.example.com/api/v1/assistant',
      'notifications.morningTime': '07:30',
    });
    expect(Object.fromEntries(resolved.recommended)).toEqual({
      'updates.channel': 'beta',
      'transcriptRetention.maxAgeDays': 90,
    });
    expect(resolved.problems).toEqual([]);
  });

  it("a machine's value wins over a user's, and a lock anywhere over a default", () => {
    const resolved = resolvePolicies([
      source('windows-machine', { MorningTime: '07:00' }, { Language: 'de' }),
      source('windows-user', { MorningTime: '09:00', Language: 'fr' }, { LaunchAtLogin: 1 }),
    ]);
    expect(resolved.locked.get('notifications.morningTime')).toBe('07:00');
    // The user's key locks the language; the machine only recommended one.
    expect(resolved.locked.get('language')).toBe('fr');
    expect(resolved.recommended.has('language')).toBe(false);
    expect(resolved.recommended.get('launchAtLogin')).toBe(true);
  });

  it('reads registry DWORDs as booleans and a REG_SZ number as an integer', () => {
    const resolved = resolvePolicies([
      source('windows-machine', {
        AllowDemo: 0,
        AutomaticUpdates: 1,
        TranscriptMaxTotalMB: '2000',
        CompanionCrmDomains: { 'CRM.Example.com': 'salesforce' },
      }),
    ]);
    expect(Object.fromEntries(resolved.locked)).toEqual({
      allowDemo: false,
      'updates.automatic': true,
      'transcriptRetention.maxTotalMB': 2000,
      'companion.crmDomains': { 'crm.example.com': 'salesforce' },
    });
  });

  it('ignores bad values with the reason, never the value, and keeps the good ones', () => {
    const resolved = resolvePolicies([
      source('file', {
        ServiceBaseUrl: 'http://assistant.example.com/api/v1/assistant',
        SignInUrl: 'https://it:hunter2@login.example.com/',
        LaunchAtLogin: 'yes',
        TranscriptMaxAgeDays: 99_999,
        AllowDemo: 2,
        MorningTime: '7 am',
        NoSuchPolicy: true,
        Language: 'de',
      }),
    ]);
    expect(Object.fromEntries(resolved.locked)).toEqual({ language: 'de' });
    const reasons = Object.fromEntries(resolved.problems.map((p) => [p.policy, p.reason]));
    expect(Object.keys(reasons).sort()).toEqual(
      [
        'AllowDemo',
        'LaunchAtLogin',
        'MorningTime',
        'NoSuchPolicy',
        'ServiceBaseUrl',
        'SignInUrl',
        'TranscriptMaxAgeDays',
      ].sort(),
    );
    expect(reasons.ServiceBaseUrl).toMatch(/https/);
    expect(reasons.MorningTime).toBe('Use a 24-hour time such as 08:30.');
    expect(reasons.NoSuchPolicy).toBe('Not a policy of this app.');
    expect(JSON.stringify(resolved.problems)).not.toContain('hunter2');
    expect(resolved.problems.every((p) => p.source === 'file' && p.level === 'mandatory')).toBe(
      true,
    );
  });

  it('says when a source could not be read at all', () => {
    const resolved = resolvePolicies([
      { source: 'windows-machine', reason: 'The relay could not be run.' },
    ]);
    expect(resolved.problems).toEqual([
      {
        policy: '*',
        source: 'windows-machine',
        level: 'mandatory',
        reason: 'The relay could not be run.',
      },
    ]);
  });

  it('declares every policy on a setting of its own', () => {
    const settings = POLICY_NAMES.map((name) => POLICIES[name].setting);
    expect(new Set(settings).size).toBe(settings.length);
  });
});
