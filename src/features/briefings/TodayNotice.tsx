// What Today says before the briefings when the user needs to know something about the data
// itself: that it is the demo (with the way to connect their company's service), or that the
// service cannot be reached (and what to try).
import { isDemo } from '../../lib/capabilities';
import { useBannerState } from '../../platform/connectivity';
import { useHost } from '../../platform/hostStore';
import { RouteLink } from '../../ui/RouteLink';
import { useT } from '../../platform/i18n';

export function TodayNotice() {
  const t = useT();
  const appInfo = useHost((s) => s.appInfo);
  const metadata = useHost((s) => s.metadata.value);
  const connectivity = useBannerState();
  if (connectivity === 'service-unreachable' || connectivity === 'offline') {
    return (
      <section
        className="today-notice today-notice-warn"
        aria-label={t('briefings.notice.unreachableLabel')}
      >
        <p>
          <strong>{t('briefings.notice.unreachableTitle')}</strong>{' '}
          {t('briefings.notice.unreachableAdvice')}
        </p>
      </section>
    );
  }
  if (!isDemo(appInfo, metadata)) return null;
  return (
    <section className="today-notice" aria-label={t('briefings.notice.demoLabel')}>
      <p>
        <strong>{t('briefings.notice.demoTitle')}</strong> {t('briefings.notice.demoText')}
      </p>
      {/* Pinned by ASSISTANT_BASE_URL, the field there says so and how to change it. */}
      <RouteLink to={{ name: 'settings', section: 'connection' }} className="btn btn-sm">
        {t('briefings.notice.connect')}
      </RouteLink>
    </section>
  );
}
