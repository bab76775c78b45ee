// The host store driven through its actions against a fake bridge, as start-up, the host's event
// wiring, the banners and every screen that reads the service's metadata use it.
import { describe, expect, it } from 'vitest';
import { createHostStore } from '../../../../src/platform/createHostStore';
import { fail, fakeBridge, ok } from '../support/fake-bridge';
import { appInfo, at, metadata, notice, session } from '../support/host-fixtures';

describe('the host store', () => {
  it('reads the app info, the session and connectivity, and leaves each unknown when it fails', async () => {
    const bridge = fakeBridge();
    const host = createHostStore(bridge.call);
    bridge.answer('app.info', () => ok(appInfo({ host: 'browser' })));
    bridge.answer('session.status', () => ok(session({ signedIn: true })));
    bridge.answer('connectivity.status', () => ok({ state: 'offline', since: at }));
    await Promise.all([
      host.getState().loadAppInfo(),
      host.getState().loadSession(),
      host.getState().loadConnectivity(),
    ]);
    expect(host.getState().appInfo?.host).toBe('browser');
    expect(host.getState().session?.signedIn).toBe(true);
    expect(host.getState().connectivity).toEqual({ state: 'offline', since: at });

    const other = createHostStore(bridge.call);
    bridge.answer('app.info', () => fail('internal_error'));
    bridge.answer('session.status', () => fail('internal_error'));
    bridge.answer('connectivity.status', () => fail('internal_error'));
    await other.getState().loadAppInfo();
    await other.getState().loadSession();
    await other.getState().loadConnectivity();
    expect(other.getState().appInfo).toBeUndefined();
    expect(other.getState().session).toBeUndefined();
    expect(other.getState().connectivity).toBeUndefined();
  });

  it('shows the cached metadata with the refresh’s error, and asks the service when refreshing', async () => {
    const bridge = fakeBridge();
    const host = createHostStore(bridge.call);
    const error = { code: 'network_error', message: 'offline', retryable: true };
    bridge.answer('service.metadata', () =>
      ok({ value: metadata(), fetchedAt: at, stale: true, error }),
    );
    await host.getState().loadMetadata();
    expect(host.getState().metadata).toMatchObject({ stale: true, loading: false, error });
    expect(host.getState().metadata.value?.org.name).toBe('Contoso');

    // A failed read keeps what was shown, with the failure beside it.
    bridge.answer('service.metadata', () => fail('timeout', 'Too slow.'));
    await host.getState().loadMetadata(true);
    expect(bridge.inputs('service.metadata')).toEqual([{}, { refresh: true }]);
    expect(host.getState().metadata.value?.org.name).toBe('Contoso');
    expect(host.getState().metadata.error?.code).toBe('timeout');
  });

  it('drops metadata that answers after a change of service', async () => {
    const bridge = fakeBridge();
    const host = createHostStore(bridge.call);
    const answers = bridge.hold('service.metadata');
    const loading = host.getState().loadMetadata();
    expect(host.getState().metadata.loading).toBe(true);
    host.getState().resetMetadata();
    answers[0]?.(ok({ value: metadata('Previous'), fetchedAt: at, stale: false }));
    await loading;
    expect(host.getState().metadata).toEqual({ loading: false, stale: false });
  });

  it('dismisses a notice with the host’s answer, and keeps it when the host could not be told', async () => {
    const bridge = fakeBridge();
    const host = createHostStore(bridge.call);
    bridge.answer('app.info', () => ok(appInfo({ notices: [notice('a'), notice('b')] })));
    await host.getState().loadAppInfo();

    bridge.answer('app.dismissNotice', () => fail('internal_error'));
    await host.getState().dismissNotice('a');
    expect(host.getState().appInfo?.notices.map((n) => n.id)).toEqual(['a', 'b']);

    bridge.answer('app.dismissNotice', () => ok({ notices: [notice('b')] }));
    await host.getState().dismissNotice('a');
    expect(bridge.inputs('app.dismissNotice').at(-1)).toEqual({ id: 'a' });
    expect(host.getState().appInfo?.notices.map((n) => n.id)).toEqual(['b']);
  });
});
