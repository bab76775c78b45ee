// Offline and expired-session banners, and notices from the host. They sit above the screen and
// never replace it: what the user was doing stays where it is.
import type { Connectivity, Notice } from '../../electron/contract';
import { useAccount } from '../features/account';
import { CompanionBanner } from '../features/settings';
import { formatTime } from '../lib/format';
import { useBannerState } from '../platform/connectivity';
import { useHost } from '../platform/hostStore';
import { useTranslator } from '../platform/i18n';
import type { Translator } from '../../electron/domain/i18n/translator';
import { Button } from '../ui/Button';
import { RouteLink } from '../ui/RouteLink';
import { reloadServiceData } from './events';

/** One banner per cause, saying since when; the cards below do not repeat it. */
function outageText(
  state: Connectivity['state'],
  since: string | undefined,
  { t, locale, direction }: Translator,
): string | undefined {
  // In a right-to-left sentence the time keeps its own order (U+2068…U+2069 isolate it).
  const at = since === undefined ? undefined : formatTime(since, locale);
  const time = at !== undefined && direction === 'rtl' ? `\u2068${at}\u2069` : at;
  switch (state) {
    case 'offline':
      return time === undefined ? t('app.banner.offline') : t('app.banner.offlineSince', { time });
    case 'service-unreachable':
      return time === undefined
        ? t('app.banner.serviceUnreachable')
        : t('app.banner.serviceUnreachableSince', { time });
    case 'service-failing':
      return time === undefined
        ? t('app.banner.serviceFailing')
        : t('app.banner.serviceFailingSince', { time });
    case 'host-unreachable':
      return t('app.banner.hostUnreachable');
    default:
      return undefined;
  }
}

const NO_NOTICES: readonly Notice[] = [];

export function Banners() {
  const translator = useTranslator();
  const { t } = translator;
  const bannerState = useBannerState();
  const since = useHost((s) => (s.browserOffline ? undefined : s.connectivity?.since));
  const session = useHost((s) => s.session);
  // IT allows only the company's service and no address is set yet: there is nothing to sign
  // in to until the user enters it.
  const noService = useHost((s) => s.appInfo?.service.missing === true);
  const notices = useHost((s) => s.appInfo?.notices ?? NO_NOTICES);
  const pending = useAccount((s) => s.sessionAction.pending);
  const startSignIn = () => void useAccount.getState().startSignIn();

  const outage = bannerState === undefined ? undefined : outageText(bannerState, since, translator);
  const dismiss = (id: string) => void useHost.getState().dismissNotice(id);

  return (
    <div className="banners">
      {session?.expired ? (
        <div className="banner banner-danger" role="alert">
          <span>
            <strong>{t('app.banner.sessionExpired')}</strong> {t('app.banner.sessionExpiredHint')}
          </span>
          <Button size="sm" variant="primary" onClick={startSignIn} busy={pending}>
            {t('app.banner.signInAgain')}
          </Button>
        </div>
      ) : noService ? (
        <div className="banner banner-warn" role="status">
          <span>{t('app.banner.noService')}</span>
          <RouteLink
            to={{ name: 'settings', section: 'connection' }}
            className="btn btn-sm btn-primary"
          >
            {t('app.banner.enterAddress')}
          </RouteLink>
        </div>
      ) : session && !session.signedIn ? (
        <div className="banner banner-warn" role="status">
          <span>{t('app.banner.notSignedIn')}</span>
          <Button size="sm" variant="primary" onClick={startSignIn} busy={pending}>
            {t('app.banner.signIn')}
          </Button>
        </div>
      ) : null}
      <CompanionBanner />
      {outage ? (
        <div className="banner banner-warn" role="status">
          <span>{outage}</span>
          {bannerState !== 'host-unreachable' ? (
            <Button size="sm" variant="ghost" onClick={reloadServiceData}>
              {t('app.feedback.retry')}
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
            aria-label={t('app.banner.dismissNotice')}
          >
            {t('app.banner.dismiss')}
          </Button>
        </div>
      ))}
    </div>
  );
}
