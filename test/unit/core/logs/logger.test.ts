// What reaches the log file: never the session token (however it is quoted), never message
// contents; and the file rotates by size, keeping a bounded number of old files.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AssistantError } from '../../../../electron/core/errors';
import { createLogger } from '../../../../electron/core/logs/logger';
import { redact, SecretRegistry } from '../../../../electron/core/logs/redact';

const TOKEN = 'sess_4b7f0c2d9e8a1f3b6c5d';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'logs-test-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('redaction', () => {
  const secrets = new SecretRegistry();
  secrets.add(TOKEN);

  it('removes a known token wherever it appears, and cookie-looking text', () => {
    const out = JSON.stringify(
      redact(
        {
          url: `http://x/?t=${TOKEN}`,
          headers: { Cookie: `sb-access-token=${TOKEN}`, accept: 'json' },
          note: 'Set-Cookie: sb-access-token=other-secret-value; HttpOnly',
          auth: 'Bearer abc.def.ghi',
          nested: [{ deeper: { line: `sb-access-token=unknown_value_123` } }],
        },
        secrets,
        { forLog: true },
      ),
    );
    expect(out).not.toContain(TOKEN);
    expect(out).not.toContain('other-secret-value');
    expect(out).not.toContain('unknown_value_123');
    expect(out).not.toContain('abc.def.ghi');
    expect(out).toContain('json');
  });

  it('drops message contents and output text but keeps error messages', () => {
    const out = redact(
      {
        input: { message: 'Our pricing floor is 40k, do not tell them' },
        textAppended: 'The agent said something private',
        error: { code: 'x', message: 'The service did not answer' },
      },
      secrets,
      { forLog: true },
    ) as Record<string, Record<string, unknown>>;
    expect(JSON.stringify(out)).not.toContain('pricing floor');
    expect(JSON.stringify(out)).not.toContain('private');
    expect(out.error?.message).toBe('The service did not answer');
  });

  it('leaves data for the renderer as it was, except known secrets', () => {
    const data = { title: 'Bearer of good news', text: 'keep me', note: `x${TOKEN}` };
    expect(redact(data, secrets, { forLog: false })).toEqual({
      title: 'Bearer of good news',
      text: 'keep me',
      note: 'x[redacted]',
    });
  });
});

describe('createLogger', () => {
  it('writes redacted lines to the file', async () => {
    const filePath = join(dir, 'logs', 'main.log');
    const log = createLogger({ filePath });
    log.secrets.add(TOKEN);
    log.info('Signed in', { token: TOKEN, input: { message: 'secret plan' } });
    log.error(`Request failed for ${TOKEN}`, {
      error: new AssistantError({
        kind: 'service',
        message: `echo ${TOKEN}`,
        requestId: 'req_42',
      }),
    });
    log.child('web').warn('Scoped', { ok: true });
    const text = await readFile(filePath, 'utf8');
    expect(text).toContain('Signed in');
    expect(text).toContain('req_42');
    expect(text).toContain('[web] Scoped');
    expect(text).not.toContain(TOKEN);
    expect(text).not.toContain('secret plan');
  });

  it('drops writes quietly once closed, even when its folder is gone', async () => {
    const logs = join(dir, 'logs');
    const filePath = join(logs, 'main.log');
    const seen: string[] = [];
    const log = createLogger({ filePath, onEntry: (entry) => seen.push(entry.message) });
    const child = log.child('cache');
    log.info('before close');
    log.close();
    log.error('after close');
    child.warn('late background work');
    log.view().info('a view of a closed logger');
    expect(await readFile(filePath, 'utf8')).not.toMatch(/after close|late|view of/);
    expect(seen).toEqual(['before close']);

    // The host removed its data directory: a late entry neither fails nor brings it back.
    await rm(logs, { recursive: true, force: true });
    expect(() => child.error('later still')).not.toThrow();
    await expect(readdir(logs)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('closes a view alone: its owner stops writing, the logger goes on', async () => {
    const filePath = join(dir, 'main.log');
    const log = createLogger({ filePath });
    const view = log.view();
    expect(view.secrets).toBe(log.secrets);
    expect(view.filePath).toBe(filePath);
    view.child('core').info('from the view');
    view.close();
    view.child('core').info('from the closed view');
    log.info('from the host');
    const text = await readFile(filePath, 'utf8');
    expect(text).toContain('[core] from the view');
    expect(text).not.toContain('from the closed view');
    expect(text).toContain('from the host');
  });

  it('drops entries below its level', async () => {
    const filePath = join(dir, 'main.log');
    const log = createLogger({ filePath, level: 'warn' });
    log.info('quiet');
    log.warn('loud');
    const text = await readFile(filePath, 'utf8');
    expect(text).not.toContain('quiet');
    expect(text).toContain('loud');
  });

  it('rotates by size and keeps only the configured number of old files', async () => {
    const filePath = join(dir, 'main.log');
    const log = createLogger({ filePath, maxBytes: 2_000, keep: 2 });
    for (let index = 0; index < 200; index += 1) {
      log.info(`line ${index} ${'x'.repeat(80)}`);
    }
    const files = (await readdir(dir)).sort();
    expect(files).toEqual(['main.1.log', 'main.2.log', 'main.log']);
    const newest = await readFile(filePath, 'utf8');
    expect(newest).toContain('line 199');
    for (const name of files) {
      const size = (await readFile(join(dir, name))).length;
      // One line may go past the limit before the next write rotates.
      expect(size).toBeLessThan(2_000 + 300);
    }
  });
});

describe('messages that are not strings', () => {
  // electron-updater hands its logger Error objects (Squirrel.Mac failures, network errors): a
  // logger that threw on them would let the error escape into the main process unheard.
  it('takes an Error, an object or nothing, and still redacts the token', () => {
    const entries: string[] = [];
    const log = createLogger({ onEntry: (entry) => entries.push(entry.message) });
    log.secrets.add(TOKEN);
    const error = new Error(`Squirrel could not download ${TOKEN}`);
    expect(() => log.error(error)).not.toThrow();
    expect(() => log.warn({ code: 'ERR_UPDATER' })).not.toThrow();
    expect(() => log.info(undefined)).not.toThrow();
    expect(entries[0]).toContain('Squirrel could not download');
    expect(entries[1]).toContain('ERR_UPDATER');
    expect(entries.join('\n')).not.toContain(TOKEN);
  });
});
