// "The session token appears in nothing the page receives": every WebSocket frame the page
// receives, every HTTP response body, the HTML, and what the page keeps (localStorage,
// sessionStorage, IndexedDB, cookies) are collected and searched for the secrets.
import type { Page } from '@playwright/test';

export interface Traffic {
  /** Text of every frame received on every socket of the page. */
  readonly framesReceived: string[];
  /** Frames the page sent (the pasted token is expected here, once). */
  readonly framesSent: string[];
  /** Every HTTP response the page got: URL and body. */
  readonly responses: { url: string; body: string }[];
  /** Waits for response bodies still being read. */
  settle(): Promise<void>;
}

export function recordTraffic(page: Page): Traffic {
  const framesReceived: string[] = [];
  const framesSent: string[] = [];
  const responses: { url: string; body: string }[] = [];
  const reading: Promise<void>[] = [];
  page.on('websocket', (socket) => {
    socket.on('framereceived', ({ payload }) => framesReceived.push(payload.toString()));
    socket.on('framesent', ({ payload }) => framesSent.push(payload.toString()));
  });
  page.on('response', (response) => {
    reading.push(
      response
        .body()
        .then((body) => {
          responses.push({ url: response.url(), body: body.toString('utf8') });
        })
        .catch(() => {
          // Redirects and aborted loads have no body.
        }),
    );
  });
  return {
    framesReceived,
    framesSent,
    responses,
    async settle() {
      await Promise.all(reading);
    },
  };
}

/**
 * Runs in the page: its DOM, both storages, every IndexedDB record and document.cookie. A string
 * because it is browser code (this file is type-checked for Node).
 */
const PAGE_STATE_SCRIPT = `(async () => {
  const dump = (storage) => {
    const out = {};
    for (let index = 0; index < storage.length; index += 1) {
      const key = storage.key(index);
      out[key] = storage.getItem(key);
    }
    return out;
  };
  const databases = {};
  for (const info of await indexedDB.databases()) {
    if (!info.name) continue;
    databases[info.name] = await new Promise((resolve) => {
      const open = indexedDB.open(info.name);
      open.onerror = () => resolve('unreadable');
      open.onsuccess = () => {
        const db = open.result;
        const stores = Array.from(db.objectStoreNames);
        if (stores.length === 0) { db.close(); resolve({}); return; }
        const tx = db.transaction(stores, 'readonly');
        const out = {};
        for (const store of stores) {
          const all = tx.objectStore(store).getAll();
          all.onsuccess = () => { out[store] = all.result; };
        }
        tx.oncomplete = () => { db.close(); resolve(out); };
        tx.onerror = () => resolve('unreadable');
      };
    });
  }
  return JSON.stringify({
    html: document.documentElement.outerHTML,
    local: dump(localStorage),
    session: dump(sessionStorage),
    databases,
    documentCookie: document.cookie,
  });
})()`;

/** Everything the page keeps, as one text: DOM, storage, IndexedDB records and cookies. */
export async function pageState(page: Page): Promise<string> {
  const kept = await page.evaluate<string>(PAGE_STATE_SCRIPT);
  const cookies = await page.context().cookies();
  return `${kept}\n${JSON.stringify(cookies)}`;
}

/** Where each secret was found in what the page received or keeps; empty when nowhere. */
export async function findSecrets(
  page: Page,
  traffic: Traffic,
  secrets: readonly string[],
): Promise<string[]> {
  await traffic.settle();
  const places: Array<[string, string]> = [
    ...traffic.framesReceived.map((frame, index): [string, string] => [`frame ${index}`, frame]),
    ...traffic.responses.map(({ url, body }): [string, string] => [`response ${url}`, body]),
    ['page state', await pageState(page)],
  ];
  const found: string[] = [];
  for (const secret of secrets) {
    for (const [where, text] of places) {
      if (text.includes(secret)) found.push(`${secret.slice(0, 4)}… in ${where}`);
    }
  }
  return found;
}
