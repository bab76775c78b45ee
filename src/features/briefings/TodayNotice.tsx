// What Today says before the briefings when the user needs to know something about the data
// itself: that it is the demo (with the way to connect their company's service), or that the
// service cannot be reached (and what to try).
import { isDemo } from '../../lib/capabilities';
import { useBannerState } from '../../platform/connectivity';
import { useHost } from '../../platform/hostStore';
import { RouteLink } from '../../ui/RouteLink';

export function TodayNotice() {
  const appInfo = useHost((s) => s.appInfo);
  const metadata = useHost((s) => s.metadata.value);
  const connectivity = useBannerState();
  if (connectivity === 'service-unreachable' || connectivity === 'offline') {
    return (
      <section className="today-notice today-notice-warn" aria-label="Can’t reach the service">
        <p>
          <strong>Today’s briefings can’t be updated right now.</strong> Check that this computer is
          online and, if your company uses a VPN, that it is connected. If that is fine, ask your IT
          team whether the Assistant service is running.
        </p>
      </section>
    );
  }
  if (!isDemo(appInfo, metadata)) return null;
  return (
    <section className="today-notice" aria-label="Demo data">
      <p>
        <strong>You’re looking at demo data:</strong> a made-up company with its deals, meetings and
        agents, to try everything safely. Nothing you do here reaches a real customer.
      </p>
      {/* Pinned by ASSISTANT_BASE_URL, the field there says so and how to change it. */}
      <RouteLink to={{ name: 'settings', section: 'connection' }} className="btn btn-sm">
        Connect your company’s service
      </RouteLink>
    </section>
  );
}
