// Settings with IT's policies over them: a locked setting is in effect and cannot be changed; IT's
// default holds until the user chooses their own value; the file keeps only the user's choices,
// so a policy taken away gives them back; a change of policy is applied and told at once.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ManagedSettings, Settings } from '../../../../electron/contract';
import { isAssistantError } from '../../../../electron/core/errors';
import { createSilentLogger } from '../../../../electron/core/logs/logger';
import { resolvePolicies } from '../../../../electron/core/policy/resolve-policies';
import { createSettingsService } from '../../../../electron/core/settings';

let dir: string;
let filePath: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'settings-policy-'));
  filePath = join(dir, 'settings.json');
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const policies = (mandatory: Record<string, unknown>, recommended: Record<string, unknown> = {}) =>
  resolvePolicies([{ source: 'file', mandatory, recommended }]);

async function loaded() {
  const settings = createSettingsService({ filePath, log: createSilentLogger() });
  await settings.load();
  return settings;
}

describe('settings under policies', () => {
  it('a locked setting is in effect, refused to the user with the reason, kept off the file', async () => {
    const settings = await loaded();
    settings.setPolicies(policies({ MorningTime: '07:15' }));
    expect(settings.get().notifications.morningTime).toBe('07:15');
    expect(settings.managed().locked).toEqual(['notifications.morningTime']);

    const refusal: unknown = await settings
      .update({ notifications: { morningTime: '09:00' } })
      .catch((error: unknown) => error);
    expect(isAssistantError(refusal)).toBe(true);
    expect(refusal).toMatchObject({
      kind: 'invalid_input',
      code: 'locked',
      field: 'notifications.morningTime',
      message: expect.stringContaining('organisation') as unknown,
    });
    expect(settings.get().notifications.morningTime).toBe('07:15');

    // A form saving its whole section repeats the locked value unchanged: that is no change.
    await settings.update({ notifications: { morningTime: '07:15', meetingLeadMinutes: 30 } });
    expect(settings.get().notifications).toMatchObject({
      morningTime: '07:15',
      meetingLeadMinutes: 30,
    });
    const stored = JSON.parse(await readFile(filePath, 'utf8')) as Settings;
    expect(stored.notifications.morningTime).toBe('08:00');
  });

  it("IT's default holds until the user chooses, and the user's choice outlives the policy", async () => {
    const settings = await loaded();
    settings.setPolicies(policies({}, { UpdateChannel: 'beta', TranscriptMaxAgeDays: 90 }));
    expect(settings.get().updates.channel).toBe('beta');
    expect(settings.get().transcriptRetention.maxAgeDays).toBe(90);

    // Saving the retention section unchanged is no choice; a new value is.
    await settings.update({ transcriptRetention: { maxAgeDays: 90, maxTotalMB: 800 } });
    await settings.update({ updates: { channel: 'stable' } });
    settings.setPolicies(policies({}, { UpdateChannel: 'beta', TranscriptMaxAgeDays: 120 }));
    expect(settings.get().updates.channel).toBe('stable');
    expect(settings.get().transcriptRetention).toEqual({ maxAgeDays: 120, maxTotalMB: 800 });

    // After a restart too: the choices are in the file.
    const again = await loaded();
    again.setPolicies(policies({}, { UpdateChannel: 'beta' }));
    expect(again.get().updates.channel).toBe('stable');
  });

  it('a lock taken away gives the user their own value back', async () => {
    const settings = await loaded();
    await settings.update({ launchAtLogin: true });
    settings.setPolicies(policies({ LaunchAtLogin: false }));
    expect(settings.get().launchAtLogin).toBe(false);
    settings.setPolicies(policies({}));
    expect(settings.get().launchAtLogin).toBe(true);
  });

  it('a file from before choices were kept: values other than the default were chosen', async () => {
    await writeFile(filePath, JSON.stringify({ notifications: { morningTime: '06:45' } }));
    const settings = await loaded();
    settings.setPolicies(policies({}, { MorningTime: '09:00', TranscriptMaxAgeDays: 60 }));
    expect(settings.get().notifications.morningTime).toBe('06:45');
    expect(settings.get().transcriptRetention.maxAgeDays).toBe(60);
  });

  it('tells its listeners when a policy changes what is in effect or what IT governs', async () => {
    const settings = await loaded();
    const changes: Settings[] = [];
    const managed: ManagedSettings[] = [];
    settings.subscribe((next) => changes.push(next));
    settings.subscribeManaged((next) => managed.push(next));
    settings.setPolicies(policies({ Language: 'de' }));
    settings.setPolicies(policies({ Language: 'de' }));
    settings.setPolicies(policies({ Language: 'de', Bogus: 1 }));
    expect(changes.map((next) => next.language)).toEqual(['de']);
    expect(managed.map((next) => [next.locked, next.problems.length])).toEqual([
      [['language'], 0],
      [['language'], 1],
    ]);
  });
});
