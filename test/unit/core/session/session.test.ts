// The session service against the demo service over real HTTP: a token is checked with the
// service before it is kept, a refused one changes nothing, `unauthorized` marks the session
// expired, sign-out forgets it everywhere, and a store that fails never crashes anything.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoService, type DemoService } from '../../../../electron/demo-service';
import { createApiClient } from '../../../../electron/core/api/client';
import { sessionFor } from '../../../../electron/core/api/config';
import { AssistantError } from '../../../../electron/core/errors';
import { createSilentLogger } from '../../../../electron/core/logs/logger';
import {
  createMemorySecretStore,
  createSessionService,
  normaliseToken,
  type SecretStore,
  type SessionChange,
} from '../../../../electron/core/session';

let demo: DemoService;
beforeAll(async () => {
  demo = await startDemoService({ pacing: 'instant' });
});
afterAll(async () => {
  await demo.stop();
});

function setup(store: SecretStore = createMemorySecretStore()) {
  const log = createSilentLogger();
  const changes: SessionChange[] = [];
  const session = createSessionService({
    store,
    secrets: log.secrets,
    log,
    serviceOrigin: () => new URL(demo.baseUrl).origin,
    verify: async (token) => {
      await createApiClient({
        baseUrl: demo.baseUrl,
        session: sessionFor(demo.baseUrl, token),
      }).getMetadata();
    },
  });
  session.subscribe((_state, change) => changes.push(change));
  const api = createApiClient({ baseUrl: demo.baseUrl, session: session.provider });
  return { session, store, changes, api, secrets: log.secrets };
}

describe('session service', () => {
  it('keeps a token the service accepts, and stores it', async () => {
    const { session, store, changes, api } = setup();
    const token = demo.control.createSession();
    const state = await session.setToken(` sb-access-token=${token}; Path=/ `);
    expect(state).toMatchObject({ signedIn: true, expired: false, storage: 'memory-only' });
    expect(JSON.parse((await store.load()) ?? '')).toEqual({
      origin: new URL(demo.baseUrl).origin,
      token,
    });
    expect(changes).toEqual(['signed-in']);
    expect((await api.getMetadata()).data.org.name).toBeTruthy();
  });

  it('refuses a token the service does not accept, with a clear error, and keeps the old one', async () => {
    const { session, store } = setup();
    const good = demo.control.createSession();
    await session.setToken(good);
    const error = await session
      .setToken('not-a-real-session-123')
      .catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(AssistantError);
    expect(error).toMatchObject({ code: 'token_refused', field: 'token', retryable: false });
    expect((error as Error).message).toMatch(/did not accept/);
    expect((error as Error).message).not.toContain('not-a-real-session-123');
    expect(session.state().signedIn).toBe(true);
    expect(JSON.parse((await store.load()) ?? '')).toMatchObject({ token: good });
  });

  it('marks the session expired when the service answers unauthorized', async () => {
    const { session, changes, api } = setup();
    const token = demo.control.createSession();
    await session.setToken(token);
    demo.control.expireSession(token);
    const error = await api.getUsage().catch((thrown: unknown) => thrown);
    expect(error).toMatchObject({ kind: 'unauthorized' });
    expect(session.state()).toMatchObject({ signedIn: false, expired: true });
    expect(changes).toEqual(['signed-in', 'expired']);
    // Nothing more is sent with the dead session.
    expect(session.provider.credential()).toBeUndefined();

    await session.setToken(demo.control.createSession());
    expect(session.state()).toMatchObject({ signedIn: true, expired: false });
  });

  it('ignores an unauthorized answer to a request sent with the previous session', async () => {
    const { session, changes } = setup();
    let sent: () => void = () => {};
    const onTheWire = new Promise<void>((resolve) => {
      sent = resolve;
    });
    // Node's fetch, watched only to know when the request leaves (no answer is changed).
    const api = createApiClient({
      baseUrl: demo.baseUrl,
      session: session.provider,
      fetch: (input, init) => {
        sent();
        return fetch(input, init);
      },
    });
    const first = demo.control.createSession();
    await session.setToken(first);
    // The service holds a request made with the first session...
    demo.control.delayNextRequests({ ms: 1_500, count: 1 });
    let settled = false;
    const held = api.getUsage().then(
      () => 'answered',
      (thrown: unknown) => thrown,
    );
    void held.finally(() => {
      settled = true;
    });
    await onTheWire;
    // ...while that session expires and another one is set.
    demo.control.expireSession(first);
    const second = demo.control.createSession();
    await session.setToken(second);
    // The premise: the old request was still waiting for its answer when the new session came.
    expect(settled).toBe(false);

    expect(await held).toMatchObject({ kind: 'unauthorized', status: 401 });
    expect(session.state()).toMatchObject({ signedIn: true, expired: false });
    expect(changes).toEqual(['signed-in', 'signed-in']);
    expect(session.provider.credential()?.token).toBe(second);
    // The session's own refusal still counts.
    session.provider.onUnauthorized?.({ origin: new URL(demo.baseUrl).origin, token: second });
    expect(session.state()).toMatchObject({ signedIn: false, expired: true });
  });

  it('forgets the session everywhere on sign-out', async () => {
    const { session, store, api } = setup();
    await session.setToken(demo.control.createSession());
    const state = await session.signOut();
    expect(state).toMatchObject({ signedIn: false, expired: false });
    expect(await store.load()).toBeUndefined();
    expect(session.provider.credential()).toBeUndefined();
    await expect(api.getMetadata()).rejects.toMatchObject({ code: 'not_signed_in' });
  });

  it('treats a stored session that no longer decrypts as signed out, with a message', async () => {
    let cleared = false;
    const broken: SecretStore = {
      kind: 'encrypted',
      load: async () => {
        throw new Error('Error while decrypting the ciphertext provided to safeStorage');
      },
      save: async () => {},
      clear: async () => {
        cleared = true;
      },
    };
    const { session } = setup(broken);
    const outcome = await session.init();
    expect(outcome.problem).toMatch(/sign in again/i);
    expect(session.state()).toMatchObject({ signedIn: false, storage: 'encrypted' });
    expect(cleared).toBe(true);
  });

  it('keeps the session in memory only, and says so, when the store cannot save', async () => {
    const failing: SecretStore = {
      kind: 'encrypted',
      load: async () => undefined,
      save: async () => {
        throw new Error('keychain locked');
      },
      clear: async () => {},
    };
    const { session } = setup(failing);
    const state = await session.setToken(demo.control.createSession());
    expect(state).toMatchObject({ signedIn: true, storage: 'memory-only' });
    expect(state.storageReason).toMatch(/memory only/);
  });

  it('registers every token it sees so it can be scrubbed from any text', async () => {
    const { session, secrets } = setup();
    const token = demo.control.createSession();
    await session.setToken(token);
    expect(secrets.scrub(`cookie ${token}`)).toBe('cookie [redacted]');
  });
});

describe('normaliseToken', () => {
  it.each([
    ['abc123', 'abc123'],
    ['  abc123\n', 'abc123'],
    ['sb-access-token=abc123', 'abc123'],
    ['sb-access-token=abc123; Path=/; HttpOnly', 'abc123'],
  ])('reads %j as %j', (raw, expected) => {
    expect(normaliseToken(raw)).toBe(expected);
  });
});
