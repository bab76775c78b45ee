// Navigation, the organisation and user, the environment (with a clear Demo label), the inbox bell and live runs.
import { useMemo } from 'react';
import type { MouseEvent } from 'react';
import { formatRoute, screens } from '../lib/routes';
import type { ScreenName } from '../lib/routes';
import { isDemo } from '../lib/capabilities';
import { InboxBell } from '../features/notifications/views';
import { useDeals } from '../features/deals';
import { useRuns } from '../features/runs';
import { personNameIn } from '../lib/records';
import { Kbd, useModKey } from '../ui/Kbd';
import { StrokeIcon } from '../ui/StrokeIcon';
import { useHost } from '../platform/hostStore';
import { navigate, useRoute } from '../platform/router';
import { useT } from '../platform/i18n';
import { useUi } from './ui-store';

const icons: Record<ScreenName, string> = {
  today: 'M3 5h14M3 10h14M3 15h9',
  deals: 'M4 4h12v12H4zM4 9h12',
  runs: 'M6 4l10 6-10 6z',
  usage: 'M4 16V9M10 16V4M16 16v-5',
  settings: 'M10 7a3 3 0 100 6 3 3 0 000-6zM10 2v3M10 15v3M2 10h3M15 10h3',
};

function Icon({ name }: { name: ScreenName }) {
  // Today's lines of text start where the writing does; Answers' play triangle means no direction.
  return <StrokeIcon className="nav-icon" d={icons[name]} turnsInRtl={name === 'today'} />;
}

/**
 * The signed-in user by name: the service's, else the name their deals give them as owner. The
 * id and the service stay in the tooltip, for IT.
 */
function SignedInUser({ userId, name, where }: { userId: string; name?: string; where: string }) {
  const t = useT();
  const deals = useDeals((s) => s.list.value);
  const known = useMemo(
    () => name ?? personNameIn(deals?.map((deal) => deal.data) ?? [], userId),
    [name, deals, userId],
  );
  return (
    <span
      className="footer-user"
      title={
        known === undefined
          ? t('app.sidebar.signedInAsUnnamed', { userId, where })
          : t('app.sidebar.signedInAs', { name: known, userId, where })
      }
    >
      {known ?? t('app.sidebar.signedIn')}
    </span>
  );
}

export function Sidebar() {
  const t = useT();
  const modKey = useModKey();
  const route = useRoute();
  const metadata = useHost((s) => s.metadata.value);
  const appInfo = useHost((s) => s.appInfo);
  const activeRuns = useRuns((s) => Object.values(s.live).filter((r) => !r.done).length);
  const demo = isDemo(appInfo, metadata);

  const go = (event: MouseEvent<HTMLAnchorElement>, name: ScreenName) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    navigate({ name });
  };

  return (
    <aside className="sidebar" aria-label={t('app.sidebar.label')}>
      <div className="brand">
        <div className="brand-row">
          <span className="brand-mark" aria-hidden="true">
            A
          </span>
          <span className="brand-name">Assistant</span>
          {demo ? (
            <span className="badge badge-accent demo-badge" title={t('app.sidebar.demoTitle')}>
              {t('app.sidebar.demoBadge')}
            </span>
          ) : null}
          <InboxBell />
        </div>
        {metadata ? <span className="brand-org">{metadata.org.name}</span> : null}
      </div>
      <button
        type="button"
        className="palette-trigger"
        onClick={() => useUi.getState().setPalette(true)}
      >
        <span>{t('app.sidebar.searchOrJump')}</span>
        <Kbd>{`${modKey}\u00a0K`}</Kbd>
      </button>
      <nav aria-label={t('app.sidebar.mainNavigation')}>
        <ul className="nav-list">
          {screens.map((screen, i) => (
            <li key={screen.name}>
              <a
                href={formatRoute({ name: screen.name })}
                className="nav-item"
                aria-current={route.name === screen.name ? 'page' : undefined}
                onClick={(event) => go(event, screen.name)}
                aria-keyshortcuts={`G ${screen.key.toUpperCase()} Control+${i + 1}`}
              >
                <Icon name={screen.name} />
                <span className="nav-label">{t(screen.label)}</span>
                {screen.name === 'runs' && activeRuns > 0 ? (
                  <span
                    className="nav-count"
                    aria-label={t('app.sidebar.running', { count: activeRuns })}
                  >
                    {activeRuns}
                  </span>
                ) : (
                  <span className="nav-hint" aria-hidden="true">
                    G {screen.key.toUpperCase()}
                  </span>
                )}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <div className="sidebar-footer">
        {metadata ? (
          <>
            <SignedInUser
              userId={metadata.principal.userId}
              {...(metadata.principal.name === undefined ? {} : { name: metadata.principal.name })}
              where={`${metadata.service} · ${metadata.environment}`}
            />
            <span className="footer-env">{metadata.org.name}</span>
          </>
        ) : (
          <span className="footer-env">{t('app.sidebar.notConnected')}</span>
        )}
      </div>
    </aside>
  );
}
