// The companion on while its setting says so (the user's, or IT's by policy): started at start
// when on, stopped when the setting turns off while the app runs, started again when it turns
// back on, without a restart. ASSISTANT_COMPANION=off still keeps it off for the whole run.
import type { Settings } from '../contract';
import type { CompanionHost } from './host';
import { startCompanion, type CompanionStartOptions } from './start';

export interface FollowedCompanion {
  /** The host while one is running. */
  current(): CompanionHost | undefined;
  stop(): Promise<void>;
}

export async function startCompanionFollowingSetting(
  options: CompanionStartOptions & { enabled: () => boolean },
): Promise<FollowedCompanion> {
  const log = options.log.child('companion');
  let host: CompanionHost | undefined;
  let stopped = false;
  // Starts and stops one after another, so a quick off-on-off ends where the setting does.
  let queue: Promise<void> = Promise.resolve();

  const follow = () => {
    queue = queue.then(async () => {
      const wanted = !stopped && options.enabled();
      if (wanted && host === undefined) {
        host = await startCompanion(options);
      } else if (!wanted && host !== undefined) {
        const running = host;
        host = undefined;
        await running.stop();
        if (!stopped) {
          log.info('Companion: turned off in Settings or by policy');
          options.backend.companion.attach({ kind: 'off' });
        }
      } else if (!wanted && !stopped && host === undefined) {
        log.info('Companion: off in Settings or by policy');
        options.backend.companion.attach({ kind: 'off' });
      }
    });
    return queue;
  };

  let last = options.enabled();
  const unsubscribe = options.backend.events.subscribe((name, payload) => {
    if (name !== 'settings.changed') return;
    const enabled = (payload as Settings).companion.enabled;
    if (enabled === last) return;
    last = enabled;
    void follow();
  });
  await follow();
  return {
    current: () => host,
    async stop() {
      stopped = true;
      unsubscribe();
      await follow();
    },
  };
}
