// The global shortcut: recorded from the keys pressed and shown with the platform's symbols
// (⌘⇧A on macOS, Ctrl+Shift+A elsewhere), checked by the contract's schema, and what the host
// made of it once saved.
import { useState } from 'react';
import type { FormEvent, KeyboardEvent } from 'react';
import { SettingsPatch } from '../../../electron/contract';
import { displayAccelerator } from '../../../electron/domain/shortcuts/accelerator';
import type { Settings } from '../../../electron/contract';
import { acceleratorFromKeyPress } from '../../lib/accelerator';
import { humanIssue } from '../../lib/fieldErrors';
import { Button } from '../../ui/Button';
import { Field } from '../../ui/Field';
import { useHost } from '../../platform/hostStore';
import { useT } from '../../platform/i18n';
import { SaveFeedback, useSave } from './SettingsForm';

export function ShortcutForm({ settings }: { settings: Settings }) {
  const t = useT();
  const appInfo = useHost((s) => s.appInfo);
  const [value, setValue] = useState(settings.globalShortcut ?? '');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const { error: saveError, saved, busy, save: saveSettings } = useSave();
  const mac = appInfo?.platform === 'darwin';
  const browser = appInfo?.host === 'browser';
  const capability = appInfo?.desktopCapabilities.globalShortcut;

  const save = async (globalShortcut: string | null) => {
    const parsed = SettingsPatch.safeParse({ globalShortcut });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      setFieldError(issue ? humanIssue(issue, t) : t('settings.shortcut.notAShortcut'));
      return;
    }
    setFieldError(undefined);
    const ok = await saveSettings(parsed.data);
    // The host registered (or failed to register) it while saving: read what happened.
    if (ok) await useHost.getState().loadAppInfo();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    await save(value.trim() === '' ? null : value.trim());
  };

  // Pressing the keys records them (Tab still moves on); Backspace or Delete clears them.
  const record = (event: KeyboardEvent<HTMLInputElement>) => {
    if (
      (event.key === 'Backspace' || event.key === 'Delete') &&
      !event.ctrlKey &&
      !event.metaKey &&
      !event.altKey
    ) {
      event.preventDefault();
      setValue('');
      return;
    }
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
        label={t('settings.shortcut.label')}
        hint={
          browser
            ? t('settings.shortcut.browserHint')
            : t('settings.shortcut.hint', { example: mac ? '⌘⇧A' : 'Ctrl+Shift+A' })
        }
        error={fieldError}
      >
        <input
          className="input mono input-shortcut"
          dir="ltr"
          type="text"
          autoComplete="off"
          spellCheck={false}
          disabled={browser}
          // Shown with this computer's symbols (⌘⇧A, Ctrl+Shift+A); saved as Electron reads it.
          readOnly
          value={value === '' ? '' : displayAccelerator(value, appInfo?.platform ?? '')}
          placeholder={t('settings.shortcut.placeholder')}
          onKeyDown={record}
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
            {t('settings.shortcut.save')}
          </Button>
          {current !== null ? (
            <Button
              disabled={busy}
              onClick={() => {
                setValue('');
                void save(null);
              }}
            >
              {t('settings.shortcut.none')}
            </Button>
          ) : null}
        </div>
      )}
    </form>
  );
}
