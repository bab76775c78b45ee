// Offline and expired-session banners, and notices from the host. They sit above the screen and
// never replace it: what the user was doing stays where it is.
import type { Notice } from '../../electron/contract';
import { call } from './api';
import { useAccount } from '../features/account/store';
import { Button } from '../ui/Button';
import { useUi } from './ui-store';

const offlineText: Record<string, string> = {
  offline: 'You are offline. Showing saved data; it refreshes when the connection returns.',
  'service-unreachable':
    'The service cannot be reached. Showing saved data; retrying in the background.',
  'host-unreachable': 'The app lost its connection to its host. Reconnecting…',
};

const NO_NOTICES: readonly Notice[] = [];

export async function startSignIn(): Promise<void> {
  const session = useAccount.getState().session;
  if (session?.canSignInWithWindow) {
    const ok = await useAccount.getState().signIn();
    if (ok) return;
  }
  useUi.getState().setSignIn(true);
}

export function Banners() {
  const connectivity = useAccount((s) => s.connectivity);
  const browserOffline = useAccount((s) => s.browserOffline);
  const session = useAccount((s) => s.session);
  const pending = useAccount((s) => s.sessionAction.pending);
  const notices = useAccount((s) => s.appInfo?.notices ?? NO_NOTICES);

  const offlineState = browserOffline ? 'offline' : connectivity?.state;
  const offline =
    offlineState !== undefined && offlineState !== 'online' ? offlineText[offlineState] : undefined;

  const dismiss = async (id: string) => {
    try {
      const { notices: left } = await call('app.dismissNotice', { id });
      useAccount.setState((s) => (s.appInfo ? { appInfo: { ...s.appInfo, notices: left } } : {}));
    } catch {
      // Stays visible; dismissing again will retry.
    }
  };

  return (
    <div className="banners">
      {session?.expired ? (
        <div className="banner banner-danger" role="alert">
          <span>
            <strong>Your session has expired.</strong> Sign in again to continue; your open deal,
            typed messages and runs are kept.
          </span>
          <Button size="sm" variant="primary" onClick={() => void startSignIn()} busy={pending}>
            Sign in again
          </Button>
        </div>
      ) : session && !session.signedIn ? (
        <div className="banner banner-warn" role="status">
          <span>You are not signed in to the service.</span>
          <Button size="sm" variant="primary" onClick={() => void startSignIn()} busy={pending}>
            Sign in
          </Button>
        </div>
      ) : null}
      {offline ? (
        <div className="banner banner-warn" role="status">
          <span>{offline}</span>
        </div>
      ) : null}
      {notices.map((notice) => (
        <div
          key={notice.id}
          className={`banner ${notice.level === 'error' ? 'banner-danger' : notice.level === 'warning' ? 'banner-warn' : 'banner-info'}`}
          role="status"
        >
          <span>{notice.message}</span>
          <Button
            size="sm"
            variant="ghost"
            onClick={() => void dismiss(notice.id)}
            aria-label="Dismiss notice"
          >
            Dismiss
          </Button>
        </div>
      ))}
    </div>
  );
}
