// Settings for the desktop around the app: opening at login, the global shortcut, and updates.
import type { Settings, UpdateChannel } from '../../../electron/contract';
import type { MessageId } from '../../../electron/domain/i18n/messages';
import { CardSection } from '../../ui/CardSection';
import { FormError } from '../../ui/Feedback';
import { Field } from '../../ui/Field';
import { useHost } from '../../platform/hostStore';
import { useT } from '../../platform/i18n';
import { usePolicy } from './ManagedNote';
import { Check, useSave } from './SettingsForm';
import { ShortcutForm } from './ShortcutForm';

const channelLabels: Record<UpdateChannel, MessageId> = {
  stable: 'settings.system.channelStable',
  beta: 'settings.system.channelBeta',
};

/** Whether updates come by themselves, and which ones: what IT most often decides. */
function UpdatesFields({ settings }: { settings: Settings }) {
  const t = useT();
  const { error, save } = useSave();
  const automatic = usePolicy('updates.automatic');
  const channel = usePolicy('updates.channel');
  return (
    <>
      <Check
        checked={settings.updates.automatic}
        disabled={automatic.locked}
        note={automatic.note}
        onChange={(value) => void save({ updates: { automatic: value } })}
      >
        {t('settings.system.automaticUpdates')}
      </Check>
      <Field
        label={t('settings.system.channel')}
        note={channel.note}
        hint={t('settings.system.channelHint')}
      >
        <select
          className="input input-choice"
          value={settings.updates.channel}
          disabled={channel.locked}
          onChange={(e) => {
            const value = e.target.value;
            if (value === 'stable' || value === 'beta') void save({ updates: { channel: value } });
          }}
        >
          {(Object.keys(channelLabels) as UpdateChannel[]).map((value) => (
            <option key={value} value={value}>
              {t(channelLabels[value])}
            </option>
          ))}
        </select>
      </Field>
      {error ? <FormError error={error} /> : null}
    </>
  );
}

/** Opening at login and the global shortcut, each explained where this desktop lacks it. */
export function SystemSection({ settings }: { settings: Settings }) {
  const t = useT();
  const appInfo = useHost((s) => s.appInfo);
  const { error, save } = useSave();
  const launch = appInfo?.desktopCapabilities.launchAtLogin;
  const launchUnavailable = launch !== undefined && !launch.available;
  const launchPolicy = usePolicy('launchAtLogin');
  return (
    <CardSection headingId="system-h" title={t('settings.system.title')}>
      <Check
        checked={settings.launchAtLogin}
        disabled={launchUnavailable || launchPolicy.locked}
        describedBy={launchUnavailable ? 'launch-hint' : undefined}
        note={launchPolicy.note}
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
      <UpdatesFields settings={settings} />
    </CardSection>
  );
}
