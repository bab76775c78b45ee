// Settings: account and service, session, connection, appearance, notifications, what this
// desktop offers, system (login, global shortcut) and diagnostics. Every field is validated inline with the contract's own schema before saving.
import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { SettingsPatch, WEEKDAYS } from '../../../electron/contract';
import type { NotificationSettings, Settings, Theme } from '../../../electron/contract';
import { call, toErrorData } from '../../app/api';
import { useRoute } from '../../app/router';
import { askForWebNotifications, canAskForWebNotifications } from '../../app/webNotifications';
import { Button } from '../../ui/Button';
import { ErrorMeta, ErrorState, Skeleton } from '../../ui/Feedback';
import { Field } from '../../ui/Field';
import { PageHeader } from '../../ui/PageHeader';
import { copyText } from '../../ui/clipboard';
import { ServiceSection, SessionSection } from '../account/AccountSection';
import { useAccount } from '../account/store';
import { useDeals } from '../deals/store';
import { toast } from '../notifications/store';
import { DesktopFeatures, SystemSection } from './DesktopSection';
import { useSettings } from './store';
import type { ErrorData } from '../../../electron/contract';

type FieldErrors = Record<string, string | undefined>;

/** Validates a patch with the contract schema; errors keyed by the field path. */
function validate(
  patch: unknown,
): { ok: true; patch: SettingsPatch } | { ok: false; errors: FieldErrors } {
  const parsed = SettingsPatch.safeParse(patch);
  if (parsed.success) return { ok: true, patch: parsed.data };
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path.join('.');
    errors[key] ??= issue.message;
  }
  return { ok: false, errors };
}

function SaveFeedback({ error, saved }: { error: ErrorData | undefined; saved: boolean }) {
  if (error) {
    return (
      <div className="form-error" role="alert">
        {error.message}
        <ErrorMeta error={error} />
      </div>
    );
  }
  return saved ? (
    <p className="form-saved" role="status">
      Saved.
    </p>
  ) : null;
}

function useSave() {
  const [error, setError] = useState<ErrorData | undefined>();
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);
  const save = async (patch: SettingsPatch): Promise<boolean> => {
    setBusy(true);
    setSaved(false);
    const ok = await useSettings.getState().update(patch);
    setBusy(false);
    setError(ok ? undefined : useSettings.getState().saveError);
    setSaved(ok);
    return ok;
  };
  return { error, saved, busy, save };
}

function ConnectionForm({ settings }: { settings: Settings }) {
  const [serviceUrl, setServiceUrl] = useState(settings.serviceBaseUrl ?? '');
  const [signInUrl, setSignInUrl] = useState(settings.signInUrl ?? '');
  const [errors, setErrors] = useState<FieldErrors>({});
  const { error, saved, busy, save } = useSave();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = validate({
      serviceBaseUrl: serviceUrl.trim() === '' ? null : serviceUrl.trim(),
      signInUrl: signInUrl.trim() === '' ? null : signInUrl.trim(),
    });
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    await save(result.patch);
  };

  return (
    <section className="card settings-section" aria-labelledby="conn-h">
      <h2 id="conn-h">Service connection</h2>
      <form className="form" onSubmit={(e) => void submit(e)} noValidate>
        <Field
          label="Service address"
          hint="The service’s base address, ending in /api/v1/<service>. Leave empty to use the built-in demo service."
          error={errors.serviceBaseUrl}
        >
          <input
            className="input mono"
            type="url"
            inputMode="url"
            placeholder="https://assistant.example.com/api/v1/assistant"
            value={serviceUrl}
            onChange={(e) => setServiceUrl(e.target.value)}
          />
        </Field>
        <Field
          label="Sign-in page"
          hint="Where you sign in to the service. Leave empty for the default."
          error={errors.signInUrl}
        >
          <input
            className="input mono"
            type="url"
            inputMode="url"
            placeholder="https://assistant.example.com/login"
            value={signInUrl}
            onChange={(e) => setSignInUrl(e.target.value)}
          />
        </Field>
        <SaveFeedback error={error} saved={saved} />
        <div className="form-actions">
          <Button type="submit" variant="primary" busy={busy} disabled={busy}>
            Save connection
          </Button>
        </div>
      </form>
    </section>
  );
}

const themes: { value: Theme; label: string }[] = [
  { value: 'system', label: 'Match the system' },
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
];

function AppearanceForm({ settings }: { settings: Settings }) {
  const { error, save } = useSave();
  // Shown as chosen at once; the host's answer (or its refusal) settles it.
  const [choice, setChoice] = useState<Theme | null>(null);
  const current = choice ?? settings.theme;
  const choose = async (theme: Theme) => {
    setChoice(theme);
    await save({ theme });
    setChoice(null);
  };
  return (
    <section className="card settings-section" aria-labelledby="appearance-h">
      <h2 id="appearance-h">Appearance</h2>
      <fieldset className="radio-group">
        <legend className="field-label">Theme</legend>
        {themes.map((t) => (
          <label key={t.value} className="radio">
            <input
              type="radio"
              name="theme"
              value={t.value}
              checked={current === t.value}
              onChange={() => void choose(t.value)}
            />
            <span>{t.label}</span>
          </label>
        ))}
      </fieldset>
      <SaveFeedback error={error} saved={false} />
    </section>
  );
}

const kindLabels: Record<keyof NotificationSettings['enabled'], string> = {
  'morning-briefing': 'Morning briefing',
  'meeting-briefing': 'Meeting briefings',
  quota: 'Quota warnings',
  'run-finished': 'Finished runs (when the window is in the background)',
};

const dayLabels: Record<(typeof WEEKDAYS)[number], string> = {
  sun: 'Sun',
  mon: 'Mon',
  tue: 'Tue',
  wed: 'Wed',
  thu: 'Thu',
  fri: 'Fri',
  sat: 'Sat',
};

function NotificationsForm({ settings }: { settings: Settings }) {
  const initial = settings.notifications;
  const [form, setForm] = useState({
    doNotDisturb: initial.doNotDisturb,
    enabled: { ...initial.enabled },
    morningTime: initial.morningTime,
    morningDays: [...initial.morningDays],
    meetingLeadMinutes: String(initial.meetingLeadMinutes),
    prepAgentId: initial.prepAgentId ?? '',
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const { error, saved, busy, save } = useSave();
  const agents = useDeals((s) => s.agents.value);
  const host = useAccount((s) => s.appInfo?.host);
  const [canAsk, setCanAsk] = useState(canAskForWebNotifications);

  useEffect(() => {
    const s = useDeals.getState();
    if (!s.agents.value && !s.agents.loading) void s.loadAgents();
  }, []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const lead = form.meetingLeadMinutes.trim();
    const result = validate({
      notifications: {
        doNotDisturb: form.doNotDisturb,
        enabled: form.enabled,
        morningTime: form.morningTime,
        morningDays: WEEKDAYS.filter((d) => form.morningDays.includes(d)),
        meetingLeadMinutes: /^\d+$/.test(lead) ? Number(lead) : Number.NaN,
        prepAgentId: form.prepAgentId === '' ? null : form.prepAgentId,
      },
    });
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    await save(result.patch);
  };

  return (
    <section className="card settings-section" aria-labelledby="notif-h">
      <h2 id="notif-h">Notifications</h2>
      <form className="form" onSubmit={(e) => void submit(e)} noValidate>
        <label className="check">
          <input
            type="checkbox"
            checked={form.doNotDisturb}
            onChange={(e) => setForm({ ...form, doNotDisturb: e.target.checked })}
          />
          <span>Do not disturb (nothing is shown while on)</span>
        </label>
        <fieldset className="check-group">
          <legend className="field-label">Notify me about</legend>
          {(Object.keys(kindLabels) as (keyof typeof kindLabels)[]).map((kind) => (
            <label key={kind} className="check">
              <input
                type="checkbox"
                checked={form.enabled[kind]}
                onChange={(e) =>
                  setForm({ ...form, enabled: { ...form.enabled, [kind]: e.target.checked } })
                }
              />
              <span>{kindLabels[kind]}</span>
            </label>
          ))}
        </fieldset>
        <div className="field-row">
          <Field
            label="Morning briefing at"
            hint="24-hour time, e.g. 08:00"
            error={errors['notifications.morningTime']}
          >
            <input
              className="input input-narrow"
              type="text"
              inputMode="numeric"
              value={form.morningTime}
              onChange={(e) => setForm({ ...form, morningTime: e.target.value })}
            />
          </Field>
          <Field
            label="Minutes before a meeting"
            hint="0 to 240"
            error={errors['notifications.meetingLeadMinutes']}
          >
            <input
              className="input input-narrow"
              type="text"
              inputMode="numeric"
              value={form.meetingLeadMinutes}
              onChange={(e) => setForm({ ...form, meetingLeadMinutes: e.target.value })}
            />
          </Field>
        </div>
        <fieldset className="check-group days">
          <legend className="field-label">On these days</legend>
          {WEEKDAYS.map((day) => (
            <label key={day} className="check check-day">
              <input
                type="checkbox"
                checked={form.morningDays.includes(day)}
                onChange={(e) =>
                  setForm({
                    ...form,
                    morningDays: e.target.checked
                      ? [...form.morningDays, day]
                      : form.morningDays.filter((d) => d !== day),
                  })
                }
              />
              <span>{dayLabels[day]}</span>
            </label>
          ))}
          {errors['notifications.morningDays'] ? (
            <p className="field-error">{errors['notifications.morningDays']}</p>
          ) : null}
        </fieldset>
        <Field
          label="Prepare meetings with"
          hint="The agent a meeting notification’s Prepare action starts."
          error={errors['notifications.prepAgentId']}
        >
          <select
            className="input"
            value={form.prepAgentId}
            onChange={(e) => setForm({ ...form, prepAgentId: e.target.value })}
          >
            <option value="">No agent</option>
            {agents?.map((a) => (
              <option key={a.id} value={a.id}>
                {a.title}
              </option>
            ))}
          </select>
        </Field>
        {host === 'browser' && canAsk ? (
          <p className="subtle">
            In the browser, notifications show inside the page.{' '}
            <Button
              size="sm"
              variant="ghost"
              onClick={async () => {
                await askForWebNotifications();
                setCanAsk(canAskForWebNotifications());
              }}
            >
              Also allow browser notifications
            </Button>
          </p>
        ) : null}
        <SaveFeedback error={error} saved={saved} />
        <div className="form-actions">
          <Button type="submit" variant="primary" busy={busy} disabled={busy}>
            Save notifications
          </Button>
        </div>
      </form>
    </section>
  );
}

function DiagnosticsSection() {
  const [text, setText] = useState<string | undefined>();
  const [error, setError] = useState<ErrorData | undefined>();
  const [busy, setBusy] = useState(false);
  const copy = async () => {
    setBusy(true);
    setError(undefined);
    try {
      const { text: diagnostics } = await call('diagnostics.copy', {});
      if (await copyText(diagnostics)) {
        setText(undefined);
        toast('Diagnostics copied', 'Paste them into your message to IT.');
      } else {
        setText(diagnostics);
      }
    } catch (e) {
      setError(toErrorData(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="card settings-section" aria-labelledby="diag-h">
      <h2 id="diag-h">Diagnostics</h2>
      <p className="muted">
        Versions, settings (without secrets) and the last errors with their request IDs, for IT
        support.
      </p>
      <div className="button-row">
        <Button onClick={() => void copy()} busy={busy}>
          Copy diagnostics
        </Button>
      </div>
      {error ? (
        <div className="form-error" role="alert">
          {error.message}
          <ErrorMeta error={error} />
        </div>
      ) : null}
      {text !== undefined ? (
        <Field label="Diagnostics" hint="Copying is not allowed here: select the text and copy it.">
          <textarea className="input textarea mono" readOnly rows={8} value={text} />
        </Field>
      ) : null}
    </section>
  );
}

export function SettingsScreen() {
  const state = useSettings((s) => s.settings);
  const route = useRoute();
  const section = route.name === 'settings' ? route.section : undefined;
  useEffect(() => {
    void useSettings.getState().load();
  }, []);
  useEffect(() => {
    if (section === 'account') document.getElementById('settings-account')?.scrollIntoView();
  }, [section]);
  const settings = state.value;
  return (
    <div className="page page-settings">
      <PageHeader title="Settings" />
      <ServiceSection />
      <SessionSection />
      {settings ? (
        <>
          <ConnectionForm
            key={`c-${settings.serviceBaseUrl ?? ''}-${settings.signInUrl ?? ''}`}
            settings={settings}
          />
          <AppearanceForm settings={settings} />
          <NotificationsForm settings={settings} />
          <DesktopFeatures />
          <SystemSection settings={settings} />
        </>
      ) : state.error ? (
        <ErrorState
          title="Could not load the settings"
          error={state.error}
          onRetry={() => void useSettings.getState().load()}
        />
      ) : (
        <Skeleton lines={6} label="Loading settings…" />
      )}
      <DiagnosticsSection />
    </div>
  );
}
