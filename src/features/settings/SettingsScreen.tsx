// Settings: account and service, session, connection, appearance, notifications, what this
// desktop offers, system (login, global shortcut) and diagnostics. Every field is validated inline with the contract's own schema before saving.
import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { WEEKDAYS } from '../../../electron/contract';
import type { NotificationSettings, Settings, Theme } from '../../../electron/contract';
import { call, toErrorData } from '../../app/api';
import { useRoute } from '../../app/router';
import { askForWebNotifications, canAskForWebNotifications } from '../../app/webNotifications';
import { Button } from '../../ui/Button';
import { CardSection } from '../../ui/CardSection';
import { ErrorState, FormError, Skeleton } from '../../ui/Feedback';
import { Field } from '../../ui/Field';
import { PageHeader } from '../../ui/PageHeader';
import { copyText } from '../../ui/clipboard';
import { ServiceSection, SessionSection } from '../account/AccountSection';
import { useAccount } from '../account/store';
import { useAgents } from '../agents';
import { toast } from '../notifications/store';
import { DesktopFeatures, SystemSection } from './DesktopSection';
import { Check, FormFooter, SaveFeedback, useSave, useValidatedSave } from './SettingsForm';
import { useSettings } from './store';
import type { ErrorData } from '../../../electron/contract';

function ConnectionForm({ settings }: { settings: Settings }) {
  const [serviceUrl, setServiceUrl] = useState(settings.serviceBaseUrl ?? '');
  const [signInUrl, setSignInUrl] = useState(settings.signInUrl ?? '');
  const { errors, error, saved, busy, submit: save } = useValidatedSave();
  // Started with ASSISTANT_BASE_URL: that address is the service, whatever Settings say.
  const service = useAccount((s) => s.appInfo?.service);
  const pinned = service?.pinned === true;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const signIn = signInUrl.trim() === '' ? null : signInUrl.trim();
    await save(
      pinned
        ? { signInUrl: signIn }
        : {
            serviceBaseUrl: serviceUrl.trim() === '' ? null : serviceUrl.trim(),
            signInUrl: signIn,
          },
    );
  };

  return (
    <CardSection headingId="conn-h" title="Service connection">
      <form className="form" onSubmit={(e) => void submit(e)} noValidate>
        <Field
          label="Service address"
          hint={
            pinned
              ? 'Set by ASSISTANT_BASE_URL when this app was started, so it cannot be changed here. Start the app without it to choose the service in Settings.'
              : 'The service’s base address, ending in /api/v1/<service>. Leave empty to use the built-in demo service.'
          }
          error={errors.serviceBaseUrl}
        >
          <input
            className="input mono"
            type="url"
            inputMode="url"
            placeholder="https://assistant.example.com/api/v1/assistant"
            value={pinned ? (service?.baseUrl ?? '') : serviceUrl}
            readOnly={pinned}
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
        <FormFooter error={error} saved={saved} busy={busy}>
          Save connection
        </FormFooter>
      </form>
    </CardSection>
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
    <CardSection headingId="appearance-h" title="Appearance">
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
    </CardSection>
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
  const { errors, error, saved, busy, submit: save } = useValidatedSave();
  const agents = useAgents((s) => s.agents.value);
  const host = useAccount((s) => s.appInfo?.host);
  const [canAsk, setCanAsk] = useState(canAskForWebNotifications);

  useEffect(() => {
    const s = useAgents.getState();
    if (!s.agents.value && !s.agents.loading) void s.loadAgents();
  }, []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const lead = form.meetingLeadMinutes.trim();
    await save({
      notifications: {
        doNotDisturb: form.doNotDisturb,
        enabled: form.enabled,
        morningTime: form.morningTime,
        morningDays: WEEKDAYS.filter((d) => form.morningDays.includes(d)),
        meetingLeadMinutes: /^\d+$/.test(lead) ? Number(lead) : Number.NaN,
        prepAgentId: form.prepAgentId === '' ? null : form.prepAgentId,
      },
    });
  };

  return (
    <CardSection headingId="notif-h" title="Notifications">
      <form className="form" onSubmit={(e) => void submit(e)} noValidate>
        <Check
          checked={form.doNotDisturb}
          onChange={(checked) => setForm({ ...form, doNotDisturb: checked })}
        >
          Do not disturb (nothing is shown while on; it waits in the inbox)
        </Check>
        <fieldset className="check-group">
          <legend className="field-label">Notify me about</legend>
          {(Object.keys(kindLabels) as (keyof typeof kindLabels)[]).map((kind) => (
            <Check
              key={kind}
              checked={form.enabled[kind]}
              onChange={(checked) =>
                setForm({ ...form, enabled: { ...form.enabled, [kind]: checked } })
              }
            >
              {kindLabels[kind]}
            </Check>
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
            <Check
              key={day}
              className="check check-day"
              checked={form.morningDays.includes(day)}
              onChange={(checked) =>
                setForm({
                  ...form,
                  morningDays: checked
                    ? [...form.morningDays, day]
                    : form.morningDays.filter((d) => d !== day),
                })
              }
            >
              {dayLabels[day]}
            </Check>
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
        <FormFooter error={error} saved={saved} busy={busy}>
          Save notifications
        </FormFooter>
      </form>
    </CardSection>
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
    <CardSection headingId="diag-h" title="Diagnostics">
      <p className="muted">
        Versions, settings (without secrets) and the last errors with their request IDs, for IT
        support.
      </p>
      <div className="button-row">
        <Button onClick={() => void copy()} busy={busy}>
          Copy diagnostics
        </Button>
      </div>
      {error ? <FormError error={error} /> : null}
      {text !== undefined ? (
        <Field label="Diagnostics" hint="Copying is not allowed here: select the text and copy it.">
          <textarea className="input textarea mono" readOnly rows={8} value={text} />
        </Field>
      ) : null}
    </CardSection>
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
