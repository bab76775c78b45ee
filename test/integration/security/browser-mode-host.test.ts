// Browser mode's host against what any process on this computer can do, over real HTTP and real
// sockets: fetch the page (it holds no key to the host, so what it holds cannot open the socket,
// whatever Origin is forged) and knock on the socket thousands of times (the log gets a count per
// minute, not a line per knock).
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pageProtocols } from '../../../electron/contract';
import { createLogger, type LogEntry } from '../../../electron/core/logs/logger';
import { startBrowserMode, type BrowserMode } from '../../../electron/web/browser-mode';
import { secretFrom, tryHandshake } from '../web/support';

const PAGE = `<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>Assistant</title>
<script type="module" src="./assets/app.js"></script></head><body><div id="root"></div></body></html>`;

let work: string;
let mode: BrowserMode;
let entries: LogEntry[];
let stopped = false;

/** Stops the host (once): refusals still counted are written then. */
async function stop(): Promise<void> {
  if (stopped) return;
  stopped = true;
  await mode.stop();
}

beforeEach(async () => {
  work = await mkdtemp(join(tmpdir(), 'browser-mode-host-'));
  const renderer = join(work, 'renderer');
  await mkdir(join(renderer, 'assets'), { recursive: true });
  await writeFile(join(renderer, 'index.html'), PAGE);
  await writeFile(join(renderer, 'assets', 'app.js'), '');
  entries = [];
  stopped = false;
  mode = await startBrowserMode({
    port: 0,
    dataDir: join(work, 'data'),
    rendererDir: renderer,
    demo: { pacing: 'instant' },
    scheduler: false,
    log: createLogger({
      filePath: join(work, 'data', 'logs', 'main.log'),
      onEntry: (entry) => entries.push(entry),
    }),
  });
});

afterEach(async () => {
  await stop();
  await rm(work, { recursive: true, force: true });
});

function get(path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: mode.port, path }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve(`${JSON.stringify(res.headers)}\n${body}`));
    });
    req.on('error', reject);
    req.end();
  });
}

describe("browser mode's secret", () => {
  it('is only in the printed address: the page served without it cannot open the socket', async () => {
    const origin = new URL(mode.url).origin;
    const served = await get('/');
    // Everything the page holds that could be a key, presented with a forged Origin: refused.
    const candidates = [...new Set(served.match(/[0-9a-f]{32,}/g) ?? [])];
    for (const candidate of ['', ...candidates]) {
      expect(
        await tryHandshake(mode.port, {
          origin,
          protocols: pageProtocols(candidate),
        }),
      ).toMatchObject({ accepted: false, status: 403 });
    }
    // The printed address's secret opens it; the page does not contain it.
    const secret = secretFrom(mode.url);
    expect(served).not.toContain(secret);
    expect(
      await tryHandshake(mode.port, {
        origin,
        protocols: pageProtocols(secret),
      }),
    ).toEqual({ accepted: true });
    // And the secret never reaches the log.
    await stop();
    expect(await readFile(join(work, 'data', 'logs', 'main.log'), 'utf8')).not.toContain(secret);
  });
});

describe('refused handshakes', () => {
  it('5,000 refusals add a handful of log lines, with their count', async () => {
    const before = entries.length;
    const knock = () =>
      tryHandshake(mode.port, {
        origin: new URL(mode.url).origin,
        protocols: pageProtocols('0'.repeat(64)),
      });
    let refused = 0;
    for (let batch = 0; batch < 100; batch += 1) {
      const answers = await Promise.all(Array.from({ length: 50 }, knock));
      refused += answers.filter((answer) => !answer.accepted).length;
    }
    expect(refused).toBe(5_000);
    await stop();

    const added = entries.slice(before);
    expect(added.length).toBeLessThanOrEqual(5);
    const counted = added
      .filter((entry) => /Refused/.test(entry.message))
      .map((entry) => Number(/Refused (\d+)/.exec(entry.message)?.[1] ?? 1));
    expect(counted.reduce((sum, n) => sum + n, 0)).toBe(5_000);
    expect(JSON.stringify(added)).toContain('socket secret');
  });
});
