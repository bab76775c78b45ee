// Which notifications the user gets and when: do-not-disturb, the kinds, the morning briefing's
// time and days, the lead before a meeting and the agent that prepares one.
import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { WEEKDAYS } from '../../../electron/contract';
import type { NotificationSettings, Settings } from '../../../electron/contract';
import { askForWebNotifications, canAskForWebNotifications } from '../../app/webNotifications';
import { Button } from '../../ui/Button';
import { CardSection } from '../../ui/CardSection';
import { Field } from '../../ui/Field';
import { useAccount } from '../account';
import { useAgents } from '../agents';
import { notificationsDraft, notificationsPatch } from './settingsPatch';
import type { NotificationsDraft } from './settingsPatch';
import { Check, FormFooter, useValidatedSave } from './SettingsForm';
import type { FieldErrors } from './SettingsForm';

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

type Edit = (patch: Partial<NotificationsDraft>) => void;

/** The settings typed as text, each checked by the contract's schema on save. */
const typedFields: { key: 'morningTime' | 'meetingLeadMinutes'; label: string; hint: string }[] = [
  { key: 'morningTime', label: 'Morning briefing at', hint: '24-hour time, e.g. 08:00' },
  { key: 'meetingLeadMinutes', label: 'Minutes before a meeting', hint: '0 to 240' },
];

export function NotificationsForm({ settings }: { settings: Settings }) {
  const [form, setForm] = useState(() => notificationsDraft(settings));
  const { errors, error, saved, busy, submit: save } = useValidatedSave();
  const agents = useAgents((s) => s.agents.value);
  const edit: Edit = (patch) => setForm({ ...form, ...patch });

  useEffect(() => {
    const s = useAgents.getState();
    if (!s.agents.value && !s.agents.loading) void s.loadAgents();
  }, []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    await save(notificationsPatch(form));
  };

  return (
    <CardSection headingId="notif-h" title="Notifications">
      <form className="form" onSubmit={(e) => void submit(e)} noValidate>
        <Check checked={form.doNotDisturb} onChange={(checked) => edit({ doNotDisturb: checked })}>
          Do not disturb (nothing is shown while on; it waits in the inbox)
        </Check>
        <fieldset className="check-group">
          <legend className="field-label">Notify me about</legend>
          {(Object.keys(kindLabels) as (keyof typeof kindLabels)[]).map((kind) => (
            <Check
              key={kind}
              checked={form.enabled[kind]}
              onChange={(checked) => edit({ enabled: { ...form.enabled, [kind]: checked } })}
            >
              {kindLabels[kind]}
            </Check>
          ))}
        </fieldset>
        <WhenFields form={form} errors={errors} edit={edit} />
        <Field
          label="Prepare meetings with"
          hint="The agent a meeting notification’s Prepare action starts."
          error={errors['notifications.prepAgentId']}
        >
          <select
            className="input"
            value={form.prepAgentId}
            onChange={(e) => edit({ prepAgentId: e.target.value })}
          >
            <option value="">No agent</option>
            {agents?.map((a) => (
              <option key={a.id} value={a.id}>
                {a.title}
              </option>
            ))}
          </select>
        </Field>
        <BrowserNotificationsOffer />
        <FormFooter error={error} saved={saved} busy={busy}>
          Save notifications
        </FormFooter>
      </form>
    </CardSection>
  );
}

/** When: the morning briefing's time, the lead before a meeting, and the briefing's days. */
function WhenFields({
  form,
  errors,
  edit,
}: {
  form: NotificationsDraft;
  errors: FieldErrors;
  edit: Edit;
}) {
  return (
    <>
      <div className="field-row">
        {typedFields.map(({ key, label, hint }) => (
          <NarrowField
            key={key}
            label={label}
            hint={hint}
            error={errors[`notifications.${key}`]}
            value={form[key]}
            onChange={(value) => edit({ [key]: value })}
          />
        ))}
      </div>
      <fieldset className="check-group days">
        <legend className="field-label">On these days</legend>
        {WEEKDAYS.map((day) => (
          <Check
            key={day}
            className="check check-day"
            checked={form.morningDays.includes(day)}
            onChange={(checked) =>
              edit({
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
    </>
  );
}

/** A short typed value (a time, a number of minutes), checked by the contract on save. */
function NarrowField(props: {
  label: string;
  hint: string;
  error: string | undefined;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <Field label={props.label} hint={props.hint} error={props.error}>
      <input
        className="input input-narrow"
        type="text"
        inputMode="numeric"
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
      />
    </Field>
  );
}

/** In browser mode, notifications show in the page; the browser's own may be allowed too. */
function BrowserNotificationsOffer() {
  const host = useAccount((s) => s.appInfo?.host);
  const [canAsk, setCanAsk] = useState(canAskForWebNotifications);
  if (host !== 'browser' || !canAsk) return null;
  return (
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
  );
}
