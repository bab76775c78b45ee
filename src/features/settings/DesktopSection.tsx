// Settings for the desktop around the app: what this desktop offers (and, when something is
// missing, why, instead of failing silently), the global shortcut, and opening at login.
import { useEffect, useState } from 'react';
import type { FormEvent, KeyboardEvent } from 'react';
import { SettingsPatch, displayAccelerator } from '../../../electron/contract';
import type { Settings } from '../../../electron/contract';
import { acceleratorFromKeyPress } from '../../lib/accelerator';
import { featureLines, type WebPermission } from '../../lib/desktopFeatures';
import { Button } from '../../ui/Button';
import { CardSection } from '../../ui/CardSection';
import { FormError } from '../../ui/Feedback';
import { Field } from '../../ui/Field';
import { useAccount } from '../account';
import { Check, SaveFeedback, useSave } from './SettingsForm';

function webPermission(): WebPermission {
  return typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;
}

/** What this desktop offers the app, as the host found out. */
export function DesktopFeatures() {
  const appInfo = useAccount((s) => s.appInfo);
  const [permission, setPermission] = useState(webPermission);
  useEffect(() => {
    // The shortcut's outcome and the browser's permission may have changed since start.
    void useAccount.getState().loadAppInfo();
    const again = () => setPermission(webPermission());
    window.addEventListener('focus', again);
    return () => window.removeEventListener('focus', again);
  }, []);
  if (!appInfo) return null;
  const lines = featureLines(appInfo.desktopCapabilities, appInfo.host, permission);
  return (
    <CardSection headingId="desktop-h" title="On this computer">
      <p className="muted">
        {appInfo.host === 'browser'
          ? 'Browser mode runs inside your browser, so some desktop features are not available.'
          : 'What this desktop lets the app do.'}
      </p>
      <ul className="capabilities desktop-features" aria-label="Desktop features">
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

function ShortcutForm({ settings }: { settings: Settings }) {
  const appInfo = useAccount((s) => s.appInfo);
  const [value, setValue] = useState(settings.globalShortcut ?? '');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const { error: saveError, saved, busy, save: saveSettings } = useSave();
  const mac = appInfo?.platform === 'darwin';
  const browser = appInfo?.host === 'browser';
  const capability = appInfo?.desktopCapabilities.globalShortcut;

  const save = async (globalShortcut: string | null) => {
    const parsed = SettingsPatch.safeParse({ globalShortcut });
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message ?? 'This is not a shortcut.');
      return;
    }
    setFieldError(undefined);
    const ok = await saveSettings(parsed.data);
    // The host registered (or failed to register) it while saving: read what happened.
    if (ok) await useAccount.getState().loadAppInfo();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    await save(value.trim() === '' ? null : value.trim());
  };

  // Pressing the keys records them; plain typing (and Tab) still works.
  const record = (event: KeyboardEvent<HTMLInputElement>) => {
    if (!event.ctrlKey && !event.metaKey && !event.altKey) return;
    const accelerator = acceleratorFromKeyPress(event, mac);
    if (accelerator === undefined) return;
    event.preventDefault();
    setValue(accelerator);
    setFieldError(undefined);
  };

  const current = settings.globalShortcut;
  return (
    <form className="form" onSubmit={(e) => void submit(e)} noValidate>
      <Field
        label="Global shortcut"
        hint={
          browser
            ? 'Only the desktop app can have a global shortcut.'
            : 'Brings the app forward on the deal picker from any app. Press the keys here, or type them, e.g. CommandOrControl+Shift+A. Leave empty for none.'
        }
        error={fieldError}
      >
        <input
          className="input mono input-shortcut"
          type="text"
          autoComplete="off"
          spellCheck={false}
          disabled={browser}
          value={value}
          onKeyDown={record}
          onChange={(e) => setValue(e.target.value)}
        />
      </Field>
      {!browser && capability?.reason && current !== null ? (
        <p className={capability.available ? 'field-hint' : 'form-error'} role="status">
          {current ? `${displayAccelerator(current, appInfo?.platform ?? '')}: ` : ''}
          {capability.reason}
        </p>
      ) : null}
      <SaveFeedback error={saveError} saved={saved} />
      {browser ? null : (
        <div className="form-actions">
          <Button type="submit" variant="primary" busy={busy} disabled={busy}>
            Save shortcut
          </Button>
          {current !== null ? (
            <Button
              disabled={busy}
              onClick={() => {
                setValue('');
                void save(null);
              }}
            >
              No shortcut
            </Button>
          ) : null}
        </div>
      )}
    </form>
  );
}

/** Opening at login and the global shortcut, each explained where this desktop lacks it. */
export function SystemSection({ settings }: { settings: Settings }) {
  const appInfo = useAccount((s) => s.appInfo);
  const { error, save } = useSave();
  const launch = appInfo?.desktopCapabilities.launchAtLogin;
  const launchUnavailable = launch !== undefined && !launch.available;
  return (
    <CardSection headingId="system-h" title="System">
      <Check
        checked={settings.launchAtLogin}
        disabled={launchUnavailable}
        describedBy={launchUnavailable ? 'launch-hint' : undefined}
        onChange={(launchAtLogin) => void save({ launchAtLogin })}
      >
        Open Assistant when I log in
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
