// Firefox's side of the companion, with the built relay and the companion host over the real
// socket: Firefox starts a native host with the manifest's path and the extension's id (not a
// chrome-extension:// origin), and the relay introduces it as `firefox:<id>`. The app lets in the
// one Firefox id its manifests name, asks the user about it as "Firefox", and serves it once
// allowed; another id is refused at the handshake like an unknown Chromium origin, and arguments
// that are neither form are refused by the relay itself.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FIREFOX_EXTENSION_ID,
  firefoxOrigin,
} from '../../../electron/companion/registration/extension-ids';
import { NATIVE_HOST_NAME } from '../../../electron/companion/places';
import { openExtensionPort, TEST_ORIGINS } from './extension-port';
import { startCompanionFixture, type CompanionFixture } from './fixtures/companion-host';
import { call, isType, openNativePort, type NativePort } from './native-port';

const FIREFOX = firefoxOrigin(FIREFOX_EXTENSION_ID);

let fixture: CompanionFixture;
const asked: { origin: string; browser: string | undefined }[] = [];
const ports: NativePort[] = [];

/** The relay started as Firefox starts it: the manifest's path, then the extension's id. */
function firefoxPort(id: string): NativePort {
  const manifest = join(fixture.work, 'native-messaging-hosts', `${NATIVE_HOST_NAME}.json`);
  const env = {
    ASSISTANT_COMPANION_SOCKET: fixture.socketPath,
    ASSISTANT_COMPANION_DIR: join(fixture.work, 'no-launch-file'),
    ASSISTANT_RELAY_WAIT_MS: '0',
  };
  const opened = openExtensionPort(firefoxOrigin(id), env, { args: [manifest, id] });
  ports.push(opened);
  return opened;
}

beforeAll(async () => {
  fixture = await startCompanionFixture({
    folderPrefix: 'companion-firefox-',
    host: {
      allowedOrigins: [...TEST_ORIGINS, FIREFOX],
      onPairingRequest: ({ origin, browser }) => asked.push({ origin, browser }),
    },
  });
});

afterAll(async () => {
  for (const opened of ports) opened.process.kill();
  await fixture?.stop();
});

describe('a Firefox extension', () => {
  it('with the id the app lets in: asked about as Firefox, then served', async () => {
    const port = firefoxPort(FIREFOX_EXTENSION_ID);
    await port.next((m) => m.type === 'pairing' && m.state === 'pending');
    expect(fixture.host.pending()).toEqual([FIREFOX]);
    // Firefox whatever the relay's parent is called: the caller's form says so on every OS.
    expect(asked).toEqual([{ origin: FIREFOX, browser: 'firefox' }]);

    await fixture.host.allow(FIREFOX);
    await port.next((m) => m.type === 'pairing' && m.state === 'allowed');
    expect(fixture.host.browsers()).toEqual([
      expect.objectContaining({ origin: FIREFOX, decision: 'allowed', browser: 'firefox' }),
    ]);
    expect(await call(port, 'agents.list', {})).toMatchObject({ ok: true });

    // Its next start presents the key the Allow gave it, and is served without a question.
    const again = firefoxPort(FIREFOX_EXTENSION_ID);
    await again.next((m) => m.type === 'pairing' && m.state === 'allowed');
    expect(asked).toHaveLength(1);
  });

  it('with another id: refused at the handshake, no question asked', async () => {
    for (const other of ['other@example.com', '{0f8e2a4c-1b3d-4e5f-8a9b-0c1d2e3f4a5b}']) {
      const port = firefoxPort(other);
      expect(await port.next(isType('refused'))).toMatchObject({ reason: 'unknown-extension' });
      expect(await port.exited).toBe(0);
    }
    expect(fixture.host.pending()).toEqual([]);
    expect(asked).toHaveLength(1);
  });

  it('started with what is neither a browser’s form: refused by the relay, the app never told', async () => {
    for (const args of [
      [FIREFOX_EXTENSION_ID],
      [join(fixture.work, 'm.json'), 'not an id'],
      [join(fixture.work, 'm.txt'), FIREFOX_EXTENSION_ID],
    ]) {
      // Nothing is sent: the relay refuses before it reads its input.
      const opened = openNativePort(
        FIREFOX,
        { ASSISTANT_COMPANION_SOCKET: fixture.socketPath },
        { args },
      );
      ports.push(opened);
      expect(await opened.next(isType('relay-error'))).toMatchObject({ code: 'bad-origin' });
      expect(await opened.exited).toBe(2);
    }
    expect(asked).toHaveLength(1);
  });
});
