// The inbox file across releases: entries written before notices kept their messages (finished
// text only) still load and show their words; entries with messages load with them, so a page
// formats them in its own language. Real files in a temporary folder.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fileInboxStore, toInbox } from '../../../../electron/core/inbox';
import { formatNotice } from '../../../../electron/domain/notifications/notification-text';
import { nodeTranslator } from '../../../../electron/domain/i18n/node-translator';

const folders: string[] = [];
async function folder() {
  const dir = await mkdtemp(join(tmpdir(), 'inbox-file-'));
  folders.push(dir);
  return dir;
}
afterAll(async () => {
  await Promise.all(folders.map((dir) => rm(dir, { recursive: true, force: true })));
});

/** An entry exactly as the release before messages wrote it. */
const OLD_ENTRY = {
  id: 'quota:requests:2026-11-01:95',
  kind: 'quota',
  title: '95% of requests quota used',
  body: '4,813 of 5,000 requests used in this billing period.',
  navigate: { screen: 'usage' },
  at: '2026-11-24T09:00:00.000Z',
  read: false,
  shown: false,
};

describe('the inbox file', () => {
  it('loads an entry kept before messages were, and shows its words as kept', async () => {
    const path = join(await folder(), 'inbox.json');
    await writeFile(path, JSON.stringify({ version: 1, entries: [OLD_ENTRY] }));
    const loaded = await fileInboxStore(path).load();
    expect(loaded.problem).toBeUndefined();
    const [entry] = toInbox(loaded.entries).entries;
    expect(entry).toBeDefined();
    if (entry === undefined) return;
    expect(formatNotice(nodeTranslator('de'), entry)).toEqual({
      title: OLD_ENTRY.title,
      body: OLD_ENTRY.body,
    });
  });

  it('keeps an entry’s messages through a save and a load, to be read in German', async () => {
    const path = join(await folder(), 'inbox.json');
    const store = fileInboxStore(path);
    await store.save([
      {
        ...OLD_ENTRY,
        navigate: { screen: 'usage' },
        message: {
          title: {
            id: 'desktop.notification.quotaUsed',
            values: { quota: 'requests', ratio: 0.95 },
          },
          body: [
            {
              id: 'desktop.notification.quotaBody',
              values: { quota: 'requests', used: 4813, limit: 5000 },
            },
          ],
        },
      },
    ]);
    expect(JSON.parse(await readFile(path, 'utf8'))).toMatchObject({ version: 1 });
    const [entry] = (await store.load()).entries;
    expect(entry === undefined ? undefined : formatNotice(nodeTranslator('de'), entry)).toEqual({
      title: '95 % des Kontingents für Anfragen genutzt',
      body: '4.813 von 5.000 Anfragen in diesem Abrechnungszeitraum genutzt.',
    });
  });
});
