// The embedded demo service signs in with a password made up for each start: the app is told it
// (the sign-in dialog shows it, as the demo's own page does not), and it never reaches the log.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBrowserMode, type BrowserMode } from '../../../electron/web/browser-mode';
import { blankRendererDir, connectAsPage } from './support';

let work: string;
let mode: BrowserMode;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'demo-password-'));
  mode = await startBrowserMode({
    port: 0,
    dataDir: join(work, 'data'),
    rendererDir: await blankRendererDir(work),
    demo: { pacing: 'instant' },
    scheduler: false,
  });
});

afterAll(async () => {
  await mode?.stop();
  await rm(work, { recursive: true, force: true });
});

describe('the embedded demo service', () => {
  it('has a random sign-in password the app is told, and the log never is', async () => {
    const password = mode.demo?.password ?? '';
    expect(password).not.toBe('demo');
    const page = await connectAsPage(mode.url);
    try {
      const info = await page.bridge.invoke('app.info', {});
      expect(info).toMatchObject({ ok: true, data: { service: { demo: true } } });
      if (!info.ok) return;
      expect(info.data.service.demoPassword).toBe(password);
      // Its sign-in page signs in with it, and not with the public one.
      const form = (secret: string): RequestInit => ({
        method: 'POST',
        redirect: 'manual',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ email: 'sam@example.com', password: secret }).toString(),
      });
      const loginUrl = `${mode.demo?.origin ?? ''}/login`;
      expect((await fetch(loginUrl, form('demo'))).status).toBe(401);
      expect((await fetch(loginUrl, form(password))).status).toBe(303);
    } finally {
      page.close();
    }
    const log = await readFile(join(work, 'data', 'logs', 'main.log'), 'utf8').catch(() => '');
    expect(log).not.toContain(password);
  });
});
