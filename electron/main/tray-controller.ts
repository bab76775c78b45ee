// The tray's part of the app: the icon and its menu (tray.ts), kept current from core (live runs,
// the next meeting, agent names) on a clock, and its commands carried out through the contract
// (tray-commands.ts).

import { Agent, type Navigate } from '../contract';
import type { Backend } from '../core/backend';
import type { TrayOutcome } from '../core/desktop';
import type { Logger } from '../core/logs/logger';
import { createAppTray, type AppTray } from './tray';
import { runTrayCommand } from './tray-commands';

/** The tray's "next meeting" line says "in N min": redrawn this often. */
const TRAY_CLOCK_MS = 60_000;
/** The cached meeting briefing behind it is read again this often (as the scheduler polls). */
const TRAY_MEETING_REFRESH_MS = 5 * 60_000;

export interface TrayController {
  tray(): AppTray | undefined;
  outcome(): TrayOutcome;
  refreshMeeting(): void;
  refreshAgentNames(): void;
  dispose(): void;
}

export function createTrayController(options: {
  platform: NodeJS.Platform;
  backend: Backend;
  log: Logger;
  show(): void;
  navigate(target: Navigate): void;
  quit(): void;
}): TrayController {
  const { backend, log } = options;
  const context = { host: 'electron' as const };

  const created = createAppTray({
    platform: options.platform,
    log,
    translator: () => backend.language.translator(),
    clock: () => ({
      now: new Date(),
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    }),
    onCommand: (command) => runTrayCommand(command, { ...options, context }),
    onClick: () => options.show(),
  });
  let tray = created.tray;
  if (tray === undefined) {
    backend.events.emit('notice', {
      id: 'no-tray',
      level: 'info',
      message: backend.language.translator().t('desktop.tray.noTrayIcon'),
      at: new Date().toISOString(),
    });
  }
  tray?.update({ liveRuns: backend.liveRuns() });

  // The tray's next meeting and agent names, from what core has cached.
  const refreshMeeting = () => {
    if (tray === undefined) return;
    void backend.nextMeeting().then((nextMeeting) => tray?.update({ nextMeeting }));
  };
  const refreshAgentNames = () => {
    if (tray === undefined) return;
    void Promise.resolve(backend.handlers['agents.list']({}, context))
      .then((agents) => {
        const parsed = Agent.array().safeParse(agents.value);
        if (parsed.success) {
          tray?.update({
            agentNames: new Map(parsed.data.map((agent) => [agent.id, agent.title])),
          });
        }
      })
      .catch((error: unknown) => log.info('No agent names for the tray', { error }));
  };
  refreshMeeting();
  refreshAgentNames();
  // A change of language redraws the menu at once.
  const unsubscribeLanguage = backend.language.subscribe(() => tray?.refresh());
  const clock = setInterval(() => tray?.refresh(), TRAY_CLOCK_MS);
  const meeting = setInterval(refreshMeeting, TRAY_MEETING_REFRESH_MS);
  clock.unref();
  meeting.unref();

  return {
    tray: () => tray,
    outcome: () => created.outcome,
    refreshMeeting,
    refreshAgentNames,
    dispose() {
      unsubscribeLanguage();
      clearInterval(clock);
      clearInterval(meeting);
      tray?.destroy();
      tray = undefined;
    },
  };
}
