// Registration never fails a start: a throw, even before its first await, becomes `failed`, which
// Settings is told; a run that does not register tells Settings nothing.
import { describe, expect, it } from 'vitest';
import { registerSafely } from '../../../../electron/companion/registration/register';
import { createSilentLogger } from '../../../../electron/core/logs/logger';

function settings() {
  const told: string[] = [];
  return { told, control: { registered: (outcome: string) => told.push(outcome) } };
}

describe('registering without failing the start', () => {
  it('a throw before the first await is `failed`, and Settings hears it', async () => {
    const { told, control } = settings();
    const outcome = await registerSafely(
      () => {
        throw new Error('no home');
      },
      createSilentLogger(),
      control,
    );
    expect(outcome).toBe('failed');
    expect(told).toEqual(['failed']);
  });

  it('a rejection is `failed` too; done is told; skipped is not', async () => {
    const { told, control } = settings();
    const log = createSilentLogger();
    await registerSafely(() => Promise.reject(new Error('EACCES')), log, control);
    await registerSafely(() => Promise.resolve('done' as const), log, control);
    await registerSafely(() => Promise.resolve('skipped' as const), log, control);
    expect(told).toEqual(['failed', 'done']);
  });
});
