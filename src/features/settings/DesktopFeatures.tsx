// What this desktop offers the app (and, when something is missing, why, instead of failing
// silently).
import { useEffect, useState } from 'react';
import { featureLines, type WebPermission } from '../../lib/desktopFeatures';
import { CardSection } from '../../ui/CardSection';
import { useHost } from '../../platform/hostStore';
import { useT } from '../../platform/i18n';

function webPermission(): WebPermission {
  return typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;
}

/** What this desktop offers the app, as the host found out. */
export function DesktopFeatures() {
  const t = useT();
  const appInfo = useHost((s) => s.appInfo);
  const [permission, setPermission] = useState(webPermission);
  useEffect(() => {
    // The shortcut's outcome and the browser's permission may have changed since start.
    void useHost.getState().loadAppInfo();
    const again = () => setPermission(webPermission());
    window.addEventListener('focus', again);
    return () => window.removeEventListener('focus', again);
  }, []);
  if (!appInfo) return null;
  const lines = featureLines(appInfo.desktopCapabilities, appInfo.host, permission, t);
  return (
    <CardSection headingId="desktop-h" title={t('settings.desktop.title')}>
      <p className="muted">
        {appInfo.host === 'browser'
          ? t('settings.desktop.browserIntro')
          : t('settings.desktop.desktopIntro')}
      </p>
      <ul className="capabilities desktop-features" aria-label={t('settings.desktop.listLabel')}>
        {lines.map((line) => (
          <li key={line.key} className={line.available ? 'cap-on' : 'cap-off'}>
            <span aria-hidden="true">{line.available ? '✓' : '–'}</span>
            <span>{line.label}</span>
            <span className="subtle">{line.text}</span>
          </li>
        ))}
      </ul>
    </CardSection>
  );
}
