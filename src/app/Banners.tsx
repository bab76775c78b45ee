// Offline and expired-session banners, and notices from the host. They sit above the screen and
// never replace it: what the user was doing stays where it is.
import type { Connectivity, Notice } from '../../electron/contract';
import { useAccount } from '../features/account';
import { formatTime } from '../lib/format';
import { useBannerState } from '../platform/connectivity';
import { useHost } from '../platform/hostStore';
import { Button } from '../ui/Button';
import { reloadServiceData } from './events';

/** One banner per cause, saying since when; the cards below do not repeat it. */
function outageText(state: Connectivity['state'], since: string | undefined): string | undefined {
  const at = since === undefined ? '' : ` since ${formatTime(since)}`;
  switch (state) {
    case 'offline':
      return `You are offline${at}. Check your Wi-Fi or network cable; saved data stays on screen and the rest loads when you are back online.`;
    case 'service-unreachable':
      return `Can’t reach the service${at}. Check that you are connected to the VPN or your company’s network; if you are, ask IT whether the service is up. Saved data stays on screen, and the rest loads by itself when it is back.`;
    case 'service-failing':
      return `The service is having problems${at}. Try again in a few minutes; if it goes on, tell IT. Saved data stays on screen, and the rest loads when it recovers.`;
    case 'host-unreachable':
      return 'The app lost its connection to its host. Reconnecting…';
    default:
      return undefined;
  }
}

const NO_NOTICES: readonly Notice[] = [];

export function Banners() {
  const bannerState = useBannerState();
  const since = useHost((s) => (s.browserOffline ? undefined : s.connectivity?.since));
  const session = useHost((s) => s.session);
  const notices = useHost((s) => s.appInfo?.notices ?? NO_NOTICES);
  const pending = useAccount((s) => s.sessionAction.pending);
  const startSignIn = () => void useAccount.getState().startSignIn();

  const outage = bannerState === undefined ? undefined : outageText(bannerState, since);
  const dismiss = (id: string) => void useHost.getState().dismissNotice(id);

  return (
    <div className="banners">
      {session?.expired ? (
        <div className="banner banner-danger" role="alert">
          <span>
            <strong>Your session has expired.</strong> Sign in again to continue; your open deal,
            typed messages and runs are kept.
          </span>
          <Button size="sm" variant="primary" onClick={startSignIn} busy={pending}>
            Sign in again
          </Button>
        </div>
      ) : session && !session.signedIn ? (
        <div className="banner banner-warn" role="status">
          <span>You are not signed in to the service.</span>
          <Button size="sm" variant="primary" onClick={startSignIn} busy={pending}>
            Sign in
          </Button>
        </div>
      ) : null}
      {outage ? (
        <div className="banner banner-warn" role="status">
          <span>{outage}</span>
          {bannerState !== 'host-unreachable' ? (
            <Button size="sm" variant="ghost" onClick={reloadServiceData}>
              Retry
            </Button>
          ) : null}
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
            onClick={() => dismiss(notice.id)}
            aria-label="Dismiss notice"
          >
            Dismiss
          </Button>
        </div>
      ))}
    </div>
  );
}
