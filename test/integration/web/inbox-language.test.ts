// Notices in the language of whoever reads them, over the real socket against the demo service:
// quota warnings raised by core while no page is open (core speaks English then) wait in the
// inbox as messages; the page that connects switches the language to German, and the catch-up
// it is handed, the entries it lists and the OS notification core would show now all read
// German, numbers in German digits, not the English they were raised in.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Inbox } from '../../../electron/contract';
import { nativeNotificationFields } from '../../../electron/core/desktop';
import { nodeTranslator } from '../../../electron/domain/i18n/node-translator';
import { formatNotice } from '../../../electron/domain/notifications/notification-text';
import { startDemoService, type DemoService } from '../../../electron/demo-service';
import { startBrowserMode, type BrowserMode } from '../../../electron/web/browser-mode';
import { blankRendererDir, connectAsPage } from './support';

let work: string;
let mode: BrowserMode;
let demo: DemoService;
const now = () => new Date('2026-11-24T13:00:00.000Z');

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'web-inbox-language-'));
  const dataDir = join(work, 'data');
  await mkdir(dataDir, { recursive: true });
  // English to start with, and only quota warnings (briefings depend on the time of day).
  await writeFile(
    join(dataDir, 'settings.json'),
    JSON.stringify({
      language: 'en',
      notifications: { enabled: { 'morning-briefing': false, 'meeting-briefing': false } },
    }),
  );
  demo = await startDemoService({ pacing: 'instant', clock: now });
  demo.control.setLimits({ runs: 100, requests: 5000 });
  demo.control.setUsage({ runs: 85, requests: 4813 });
  mode = await startBrowserMode({
    port: 0,
    dataDir,
    rendererDir: await blankRendererDir(work),
    baseUrl: demo.baseUrl,
    token: demo.token,
    scheduler: true,
    backend: { now },
  });
});
afterAll(async () => {
  await mode?.stop();
  await demo?.stop();
  await rm(work, { recursive: true, force: true });
});

function inboxWith(count: number): Promise<Inbox> {
  return new Promise((resolve) => {
    const stop = mode.backend.events.subscribe((name, payload) => {
      if (name !== 'inbox.changed' || (payload as Inbox).unread !== count) return;
      stop();
      resolve(payload as Inbox);
    });
  });
}

describe('notices raised before any page, read in German', () => {
  it('hands over the catch-up and the entries in German after the switch, and the OS would show German too', async () => {
    // Raised with no page connected, while core speaks English.
    const raised = await inboxWith(2);
    const runs = raised.entries.find((entry) => entry.id.startsWith('quota:runs:'));
    expect(runs?.title).toBe('80% of runs quota used');
    expect(runs?.message?.title).toEqual({
      id: 'desktop.notification.quotaUsed',
      values: { quota: 'runs', ratio: 0.8 },
    });

    const page = await connectAsPage(mode.url);
    try {
      expect(await page.bridge.invoke('settings.update', { language: 'de' })).toMatchObject({
        ok: true,
      });
      const caughtUp = await page.bridge.invoke('inbox.catchUp', {});
      if (!caughtUp.ok) throw new Error(caughtUp.error.message);
      const summary = caughtUp.data.notification;
      // Formatted by core when handed over, in the language now in use.
      expect(summary?.title).toBe('2 Neuigkeiten während Ihrer Abwesenheit');
      expect(summary?.body).toContain('80 % des Kontingents für Antworten genutzt');
      expect(summary?.body).toContain('95 % des Kontingents für Anfragen genutzt');
      expect(summary?.body).not.toMatch(/quota used/);
      // The page formats it from the messages the same way.
      const german = nodeTranslator('de');
      expect(summary === undefined ? undefined : formatNotice(german, summary)).toEqual({
        title: summary?.title,
        body: summary?.body,
      });

      const listed = await page.bridge.invoke('inbox.list', {});
      if (!listed.ok) throw new Error(listed.error.message);
      const entry = listed.data.entries.find((one) => one.id === runs?.id);
      expect(entry === undefined ? undefined : formatNotice(german, entry)).toEqual({
        title: '80 % des Kontingents für Antworten genutzt',
        body: '85 von 100 Antworten in diesem Abrechnungszeitraum genutzt.',
      });

      // What was raised in English, shown by the OS now: German, formatted as it is shown.
      if (entry?.message === undefined) throw new Error('The entry kept no message.');
      expect(
        nativeNotificationFields({
          kind: 'quota',
          key: entry.id,
          title: entry.title,
          body: entry.body,
          target: { screen: 'usage' },
          message: entry.message,
        }),
      ).toEqual({
        title: '80 % des Kontingents für Antworten genutzt',
        body: '85 von 100 Antworten in diesem Abrechnungszeitraum genutzt.',
        actions: [],
      });
    } finally {
      page.close();
    }
  });
});
