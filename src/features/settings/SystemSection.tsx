// Settings for the desktop around the app: opening at login and the global shortcut.
import type { Settings } from '../../../electron/contract';
import { CardSection } from '../../ui/CardSection';
import { FormError } from '../../ui/Feedback';
import { useHost } from '../../platform/hostStore';
import { useT } from '../../platform/i18n';
import { Check, useSave } from './SettingsForm';
import { ShortcutForm } from './ShortcutForm';

/** Opening at login and the global shortcut, each explained where this desktop lacks it. */
export function SystemSection({ settings }: { settings: Settings }) {
  const t = useT();
  const appInfo = useHost((s) => s.appInfo);
  const { error, save } = useSave();
  const launch = appInfo?.desktopCapabilities.launchAtLogin;
  const launchUnavailable = launch !== undefined && !launch.available;
  return (
    <CardSection headingId="system-h" title={t('settings.system.title')}>
      <Check
        checked={settings.launchAtLogin}
        disabled={launchUnavailable}
        describedBy={launchUnavailable ? 'launch-hint' : undefined}
        onChange={(launchAtLogin) => void save({ launchAtLogin })}
      >
        {t('settings.system.launchAtLogin')}
      </Check>
      {launchUnavailable ? (
        <p id="launch-hint" className="field-hint">
          {launch.reason}
        </p>
      ) : null}
      {error ? <FormError error={error} /> : null}
      <ShortcutForm settings={settings} />
    </CardSection>
  );
}
