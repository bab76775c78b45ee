// Which notifications the user gets and when: do-not-disturb, the kinds, the morning briefing's
// time and days, the lead before a meeting and the agent that prepares one.
import { useEffect, useMemo, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { WEEKDAYS } from '../../../electron/contract';
import type { ErrorData, NotificationSettings, Settings } from '../../../electron/contract';
import { askForWebNotifications, canAskForWebNotifications } from '../../platform/webNotifications';
import { Button } from '../../ui/Button';
import { CardSection } from '../../ui/CardSection';
import { Field } from '../../ui/Field';
import { useHost } from '../../platform/hostStore';
import { useT, useTranslator } from '../../platform/i18n';
import type { MessageId } from '../../../electron/domain/i18n/messages';
import { prepAgentOf, prepSuggestion } from '../../../electron/domain/briefings/prepare';
import { parseClockTime } from '../../lib/clockTime';
import { useAgents } from '../agents';
import { notificationsDraft, notificationsPatchOf, rebaseDraft } from './settingsPatch';
import { useWeek } from './useWeek';
import { weekdaysFrom } from '../../../electron/domain/week/week-info';
import type { NotificationsDraft, NotificationsKey } from './settingsPatch';
import { usePolicy } from './ManagedNote';
import { AutoPrepFields } from './AutoPrepFields';
import { Check, SaveFeedback, useValidatedSave } from './SettingsForm';
import type { FieldErrors } from './SettingsForm';

const kindLabels: Record<keyof NotificationSettings['enabled'], MessageId> = {
  'morning-briefing': 'settings.notifications.morningBriefing',
  'meeting-briefing': 'settings.notifications.meetingBriefing',
  quota: 'settings.notifications.quota',
  'run-finished': 'settings.notifications.runFinished',
};

/** The weekdays' short names in the language in use ("Mon", „Mo.“, 「月」). */
function dayNames(locale: string): Record<(typeof WEEKDAYS)[number], string> {
  const format = new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' });
  // 4 January 1970 was a Sunday: WEEKDAYS' order, one day apart.
  const names = WEEKDAYS.map((day, i) => [day, format.format(Date.UTC(1970, 0, 4 + i))]);
  return Object.fromEntries(names) as Record<(typeof WEEKDAYS)[number], string>;
}

/** A change to the draft, saved at once for the fields named in `save`. */
type Edit = (patch: Partial<NotificationsDraft>, save?: readonly NotificationsKey[]) => void;

/** The settings typed as text: saved when the field is left or Enter is pressed, if valid. */
const typedFields: {
  key: 'morningTime' | 'meetingLeadMinutes';
  label: MessageId;
  hint: MessageId;
  /** Digits only (a time may be typed with "am" or "pm"). */
  numeric: boolean;
}[] = [
  {
    key: 'morningTime',
    label: 'settings.notifications.morningAt',
    hint: 'settings.notifications.morningAtHint',
    numeric: false,
  },
  {
    key: 'meetingLeadMinutes',
    label: 'settings.notifications.leadMinutes',
    hint: 'settings.notifications.leadMinutesHint',
    numeric: true,
  },
];

/**
 * The form's draft, with every change saved as it is made: a switch, a day or the agent at once,
 * a typed value when its field is left (or Enter pressed), and a typed value still unsaved when
 * the screen is left, so nothing is dropped silently.
 */
function useAutoSavedNotifications(settings: Settings) {
  const t = useT();
  const [form, setForm] = useState(() => notificationsDraft(settings));
  // Saved settings changed (IT's policy, the host's answer): untouched fields follow them.
  const [base, setBase] = useState(settings);
  if (base !== settings) {
    setBase(settings);
    setForm((draft) => rebaseDraft(draft, base, settings));
  }
  const { errors, error, saved, busy, submit } = useValidatedSave();
  // What leaving the field or the screen saves: the draft as last rendered.
  const latest = useRef({ form, settings, submit, t });
  useEffect(() => {
    latest.current = { form, settings, submit, t };
  });

  const edit: Edit = (patch, save) => {
    const next = { ...form, ...patch };
    setForm(next);
    if (save) void submit(notificationsPatchOf(next, save));
  };
  // A time as typed ("9am") is saved as the settings keep it ("09:00"), or says what is wrong.
  const [timeError, setTimeError] = useState<string>();
  const saveTyped = () => {
    const { form: typed, settings: stored, submit: save, t: translate } = latest.current;
    const before = notificationsDraft(stored);
    let draft = typed;
    let timeInvalid = false;
    if (typed.morningTime !== before.morningTime) {
      const parsed = parseClockTime(typed.morningTime, translate);
      timeInvalid = 'error' in parsed;
      setTimeError('error' in parsed ? parsed.error : undefined);
      if ('time' in parsed) draft = { ...typed, morningTime: parsed.time };
      if (draft !== typed) setForm(draft);
    }
    const changed = typedFields
      .map(({ key }) => key)
      .filter((key) => draft[key] !== before[key] && !(key === 'morningTime' && timeInvalid));
    if (changed.length > 0) void save(notificationsPatchOf(draft, changed));
  };
  // On leaving the screen only; saveTyped reads the latest draft through the ref.
  useEffect(() => () => saveTyped(), []);
  const shownErrors =
    timeError === undefined ? errors : { ...errors, 'notifications.morningTime': timeError };
  return { form, errors: shownErrors, error, saved, busy, edit, saveTyped };
}

export function NotificationsForm({ settings }: { settings: Settings }) {
  const t = useT();
  const { form, errors, error, saved, busy, edit, saveTyped } = useAutoSavedNotifications(settings);

  useEffect(() => {
    const s = useAgents.getState();
    if (!s.agents.value && !s.agents.loading) void s.loadAgents();
  }, []);

  return (
    <CardSection headingId="notif-h" title={t('settings.notifications.title')}>
      <p className="subtle">{t('settings.notifications.autoSaved')}</p>
      {/* No Save button: with two text fields the browser never submits this form on Enter,
          and each field saves itself on Enter or when left (NarrowField). */}
      <form className="form" onSubmit={(event) => event.preventDefault()} noValidate>
        <Check
          checked={form.doNotDisturb}
          onChange={(checked) => edit({ doNotDisturb: checked }, ['doNotDisturb'])}
        >
          {t('settings.notifications.doNotDisturb')}
        </Check>
        <fieldset className="check-group">
          <legend className="field-label">{t('settings.notifications.notifyAbout')}</legend>
          {(Object.keys(kindLabels) as (keyof typeof kindLabels)[]).map((kind) => (
            <KindCheck
              key={kind}
              kind={kind}
              draft={form.enabled[kind]}
              stored={settings.notifications.enabled[kind]}
              onChange={(checked) =>
                edit({ enabled: { ...form.enabled, [kind]: checked } }, ['enabled'])
              }
            />
          ))}
        </fieldset>
        <WhenFields
          form={form}
          settings={settings}
          errors={errors}
          edit={edit}
          onLeave={saveTyped}
        />
        <AutoPrepFields settings={settings} />
        <PrepAgentField
          value={form.prepAgentId}
          stored={settings.notifications.prepAgentId ?? ''}
          error={errors['notifications.prepAgentId']}
          onChange={(prepAgentId) => edit({ prepAgentId }, ['prepAgentId'])}
        />
        <BrowserNotificationsOffer />
        <SaveStatus error={error} saved={saved} busy={busy} />
      </form>
    </CardSection>
  );
}

/** One kind of notification, on or off; as IT set it where IT locked it. */
function KindCheck(props: {
  kind: keyof NotificationSettings['enabled'];
  draft: boolean;
  stored: boolean;
  onChange: (checked: boolean) => void;
}) {
  const t = useT();
  const { locked, note } = usePolicy(`notifications.enabled.${props.kind}`);
  return (
    <Check
      checked={locked ? props.stored : props.draft}
      disabled={locked}
      note={note}
      onChange={props.onChange}
    >
      {t(kindLabels[props.kind])}
    </Check>
  );
}

/**
 * The agent Prepare starts. With none chosen yet it shows (and Prepare uses) the one suggested by
 * name, so a first start never meets "No agent".
 */
function PrepAgentField(props: {
  value: string;
  /** The saved choice: what IT set, where IT locked it. */
  stored: string;
  error: string | undefined;
  onChange: (agentId: string) => void;
}) {
  const t = useT();
  const agents = useAgents((s) => s.agents.value);
  const { locked, note } = usePolicy('notifications.prepAgentId');
  const value = locked ? props.stored : props.value;
  const shown = prepAgentOf(value === '' ? null : value, agents ?? []) ?? '';
  // With none chosen, say the agent shown is the app's guess, and how good a guess it is.
  const suggestion = value === '' ? prepSuggestion(agents ?? []) : undefined;
  const hint =
    suggestion === undefined
      ? t('settings.notifications.prepAgentHint')
      : suggestion.byName
        ? t('settings.notifications.prepAgentSuggested')
        : t('settings.notifications.prepAgentFirst');
  return (
    <Field
      label={t('settings.notifications.prepAgent')}
      note={note}
      hint={hint}
      error={props.error}
    >
      <select
        className="input"
        value={shown}
        onChange={(e) => props.onChange(e.target.value)}
        disabled={locked || agents === undefined || agents.length === 0}
      >
        {agents === undefined ? (
          <option value="">{t('settings.notifications.loadingAgents')}</option>
        ) : null}
        {agents?.map((a) => (
          <option key={a.id} value={a.id}>
            {a.title}
          </option>
        ))}
      </select>
    </Field>
  );
}

/** What the last save did; while one is on its way, "Saving…". */
function SaveStatus(props: { error: ErrorData | undefined; saved: boolean; busy: boolean }) {
  const t = useT();
  if (props.busy) {
    return (
      <p className="form-saved" role="status">
        {t('settings.notifications.saving')}
      </p>
    );
  }
  return <SaveFeedback error={props.error} saved={props.saved} />;
}

/** When: the morning briefing's time, the lead before a meeting, and the briefing's days. */
function WhenFields({
  form,
  settings,
  errors,
  edit,
  onLeave,
}: {
  form: NotificationsDraft;
  settings: Settings;
  errors: FieldErrors;
  edit: Edit;
  onLeave: () => void;
}) {
  const { t, locale } = useTranslator();
  const days = useMemo(() => dayNames(locale), [locale]);
  // Listed from the first day of the user's week (Monday in Berlin, Sunday in Riyadh); until the
  // user ticks days, its working days are ticked, as core obeys them.
  const { firstDay, workingDays } = useWeek();
  const chosen = form.morningDays ?? workingDays;
  const timePolicy = usePolicy('notifications.morningTime');
  return (
    <>
      <div className="field-row">
        {typedFields.map(({ key, label, hint, numeric }) => {
          // Only the morning time has a policy; the lead before a meeting is the user's alone.
          const locked = key === 'morningTime' && timePolicy.locked;
          return (
            <NarrowField
              key={key}
              numeric={numeric}
              label={t(label)}
              note={key === 'morningTime' ? timePolicy.note : undefined}
              readOnly={locked}
              hint={t(hint)}
              error={errors[`notifications.${key}`]}
              value={locked ? settings.notifications.morningTime : form[key]}
              onChange={(value) => edit({ [key]: value })}
              onLeave={onLeave}
            />
          );
        })}
      </div>
      <fieldset className="check-group days">
        <legend className="field-label">{t('settings.notifications.days')}</legend>
        {weekdaysFrom(firstDay).map((day) => (
          <Check
            key={day}
            className="check check-day"
            checked={chosen.includes(day)}
            onChange={(checked) =>
              edit(
                {
                  morningDays: checked ? [...chosen, day] : chosen.filter((d) => d !== day),
                },
                ['morningDays'],
              )
            }
          >
            {days[day]}
          </Check>
        ))}
        {errors['notifications.morningDays'] ? (
          <p className="field-error">{errors['notifications.morningDays']}</p>
        ) : null}
      </fieldset>
    </>
  );
}

/** A short typed value (a time, a number of minutes), checked by the contract as it is left. */
function NarrowField(props: {
  label: string;
  note: ReactNode;
  readOnly: boolean;
  numeric: boolean;
  hint: string;
  error: string | undefined;
  value: string;
  onChange: (value: string) => void;
  onLeave: () => void;
}) {
  return (
    <Field label={props.label} note={props.note} hint={props.hint} error={props.error}>
      <input
        className="input input-narrow"
        type="text"
        inputMode={props.numeric ? 'numeric' : 'text'}
        readOnly={props.readOnly}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        onBlur={props.onLeave}
        // The form has no Save button, so Enter would not submit it: Enter saves, as leaving does.
        onKeyDown={(e) => {
          if (e.key === 'Enter') props.onLeave();
        }}
      />
    </Field>
  );
}

/** In browser mode, notifications show in the page; the browser's own may be allowed too. */
function BrowserNotificationsOffer() {
  const t = useT();
  const host = useHost((s) => s.appInfo?.host);
  const [canAsk, setCanAsk] = useState(canAskForWebNotifications);
  if (host !== 'browser' || !canAsk) return null;
  return (
    <p className="subtle">
      {t('settings.notifications.inBrowser')}{' '}
      <Button
        size="sm"
        variant="ghost"
        onClick={async () => {
          await askForWebNotifications();
          setCanAsk(canAskForWebNotifications());
        }}
      >
        {t('settings.notifications.allowBrowser')}
      </Button>
    </p>
  );
}
