// The user's settings: the one schema shared by core (which stores them) and the renderer (which
// edits them). Defaults live here so a missing or partial file always parses to full settings.
import { z } from './zod';
import { checkAccelerator } from '../domain/shortcuts/accelerator';
import { languageChoiceSchema } from '../domain/i18n/languages';
import { ADDRESS_REFUSAL_MESSAGES, addressRefusal } from './service-url';
import { Crm } from './deal-by-record';

/**
 * A service address or sign-in page: https, or http on this computer only, and no user name,
 * password, query or fragment in it (service-url.ts: the rule core applies to the other ways in).
 */
export const HttpUrl = z
  .url({ protocol: /^https?$/, error: 'Enter an https:// address.' })
  .superRefine((value, context) => {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      // Zod runs this even after the format check failed; a text that is no URL at all passes
      // here (the format check has said why), rather than throwing out of safeParse.
      return;
    }
    const refusal = addressRefusal(url);
    if (refusal !== undefined) {
      context.addIssue({ code: 'custom', message: ADDRESS_REFUSAL_MESSAGES[refusal] });
    }
  });

export const ClockTime = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use a 24-hour time such as 08:30.');

/** Brings the app forward on the deal picker unless the user chooses another (or none). */
export const DEFAULT_GLOBAL_SHORTCUT = 'CommandOrControl+Shift+A';

/**
 * A valid global shortcut, kept as the user (or the renderer's recorder) wrote it. The one schema
 * that needs the domain: it refuses with the sentence Settings shows next to the field.
 */
export const Accelerator = z
  .string()
  .max(100, 'That is too long for a shortcut.')
  .superRefine((value, context) => {
    const checked = checkAccelerator(value);
    if (!checked.ok) context.addIssue({ code: 'custom', message: checked.message });
  });

export const Theme = z.enum(['system', 'light', 'dark']);
export type Theme = z.infer<typeof Theme>;

export const WEEKDAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;
export const Weekday = z.enum(WEEKDAYS);

const KindSwitches = z.object({
  'morning-briefing': z.boolean().default(true),
  'meeting-briefing': z.boolean().default(true),
  quota: z.boolean().default(true),
  'run-finished': z.boolean().default(true),
});

const MorningDays = z
  .array(Weekday)
  .max(7)
  .refine((days) => new Set(days).size === days.length, 'must not repeat a day');
const CatchUpMinutes = z.number().int().min(5).max(720);
const LeadMinutes = z.number().int().min(0).max(240);
const PollMinutes = z.number().int().min(1).max(60);
export const PrepAgentId = z.string().trim().min(1).max(200).nullable();

/** The notification scheduler's preferences (electron/core/notifications obeys them). */
export const NotificationSettings = z.object({
  /** While on, nothing is shown; what falls due meanwhile waits in the inbox, told in one summary. */
  doNotDisturb: z.boolean().default(false),
  /** Per-kind switches: a kind switched off is not checked at all (no fetch, nothing recorded). */
  enabled: KindSwitches.prefault({}),
  /** Local time of day of the morning briefing notification. */
  morningTime: ClockTime.default('08:00'),
  /**
   * The days the morning briefing comes; null until the user chooses: the working days of their
   * region (Sunday to Thursday in Riyadh), worked out where the region is known
   * (electron/domain/week/week-info.ts).
   */
  morningDays: MorningDays.nullable().default(null),
  /**
   * How long after the morning time a machine that was asleep or offline still gets the briefing.
   * Capped below a day so two mornings' windows never overlap.
   */
  morningCatchUpMinutes: CatchUpMinutes.default(180),
  meetingLeadMinutes: LeadMinutes.default(15),
  /** How often the meeting briefing and the usage summary are fetched. */
  meetingPollMinutes: PollMinutes.default(5),
  /** Agent the meeting notification's "Prepare" action starts; none chosen, no action. */
  prepAgentId: PrepAgentId.default(null),
});
export type NotificationSettings = z.infer<typeof NotificationSettings>;

export const RetentionDays = z.number().int().min(1).max(3650);
export const RetentionMegabytes = z.number().int().min(10).max(1_000_000);

/**
 * How long run transcripts (`<data dir>/runs/`) are kept on this computer: those of runs last
 * active more than `maxAgeDays` ago go, then the oldest until all fit in `maxTotalMB`. A run
 * being followed is never pruned.
 */
export const TranscriptRetention = z.object({
  maxAgeDays: RetentionDays.default(30),
  maxTotalMB: RetentionMegabytes.default(500),
});
export type TranscriptRetention = z.infer<typeof TranscriptRetention>;

/** Where the app looks for updates: `beta` also takes pre-releases. */
export const UpdateChannel = z.enum(['stable', 'beta']);
export type UpdateChannel = z.infer<typeof UpdateChannel>;

export const UpdateSettings = z.object({
  /** Off where IT deploys updates another way (as ASSISTANT_UPDATES=off does for one run). */
  automatic: z.boolean().default(true),
  channel: UpdateChannel.default('stable'),
});

/** A host name as the browser's address bar shows it: lower case, no scheme, port or path. */
export const CrmDomain = z
  .string()
  .max(253)
  .regex(
    /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/,
    'Use a host name such as crm.example.com.',
  );
/** The company's own CRM host names (a Salesforce My Domain, an on-premises Dynamics), each with its CRM. */
export const CrmDomains = z
  .record(CrmDomain, Crm)
  .refine((domains) => Object.keys(domains).length <= 100, 'At most 100 domains.');

export const CompanionSettings = z.object({
  /** Off: no socket and nothing registered with the browsers (as ASSISTANT_COMPANION=off does for one run). */
  enabled: z.boolean().default(true),
  crmDomains: CrmDomains.default({}),
});

export const AUTO_PREP_MODES = ['off', 'deal-meetings', 'all-meetings'] as const;
/**
 * Which meetings get a prep by themselves: none; those the briefing ties to a deal; or also those
 * whose title names a deal (as Today's card links them). A meeting with no deal at all has nothing
 * for the prep agent to ask about.
 */
export const AutoPrepMode = z.enum(AUTO_PREP_MODES);
export type AutoPrepMode = z.infer<typeof AutoPrepMode>;
export const AutoPrepLeadMinutes = z.number().int().min(15).max(240);
/** Share of the run (and token) quota automatic prep leaves for the user's own questions. */
export const AutoPrepReservePercent = z.number().int().min(0).max(90);

/**
 * Prep that starts itself (electron/core/prep/): the prep agent (`notifications.prepAgentId`, the
 * one Prepare starts) runs `leadMinutes` before each meeting, once per meeting.
 */
export const AutoPrepSettings = z.object({
  mode: AutoPrepMode.default('deal-meetings'),
  leadMinutes: AutoPrepLeadMinutes.default(60),
  /** Not started while the runs or tokens left are below this share of the quota. */
  reservePercent: AutoPrepReservePercent.default(10),
  /**
   * The one-line notice that explains it, shown the first time a prep is scheduled, was seen or
   * dismissed. What the user saw, not a preference: no policy governs it.
   */
  noticeSeen: z.boolean().default(false),
});
export type AutoPrepSettings = z.infer<typeof AutoPrepSettings>;

const AgentChoice = z.string().trim().min(1).max(200).nullable();

export const Settings = z.object({
  /** `{base_url}` of the service; null means the embedded demo service. */
  serviceBaseUrl: HttpUrl.nullable().default(null),
  /** The service's sign-in page; null means the demo service's own (or none known). */
  signInUrl: HttpUrl.nullable().default(null),
  theme: Theme.default('system'),
  /** The interface language, or 'system': the system's (the browser's in browser mode). */
  language: languageChoiceSchema.default('system'),
  launchAtLogin: z.boolean().default(false),
  /** Brings the app forward on the deal picker from anywhere; null: no global shortcut. */
  globalShortcut: Accelerator.nullable().default(DEFAULT_GLOBAL_SHORTCUT),
  notifications: NotificationSettings.prefault({}),
  transcriptRetention: TranscriptRetention.prefault({}),
  /** The agent last asked on a deal, offered first on the next one (after a restart too). */
  lastAgentId: AgentChoice.default(null),
  /** False where IT allows only the company's service: no Demo, the first start asks to sign in. */
  allowDemo: z.boolean().default(true),
  updates: UpdateSettings.prefault({}),
  companion: CompanionSettings.prefault({}),
  autoPrep: AutoPrepSettings.prefault({}),
});
export type Settings = z.infer<typeof Settings>;

/** A partial update: only the keys given change; unknown keys are refused. */
export const SettingsPatch = z.strictObject({
  serviceBaseUrl: HttpUrl.nullable().optional(),
  signInUrl: HttpUrl.nullable().optional(),
  theme: Theme.optional(),
  language: languageChoiceSchema.optional(),
  launchAtLogin: z.boolean().optional(),
  globalShortcut: Accelerator.nullable().optional(),
  notifications: z
    .strictObject({
      doNotDisturb: z.boolean().optional(),
      enabled: z
        .strictObject({
          'morning-briefing': z.boolean().optional(),
          'meeting-briefing': z.boolean().optional(),
          quota: z.boolean().optional(),
          'run-finished': z.boolean().optional(),
        })
        .optional(),
      morningTime: ClockTime.optional(),
      morningDays: MorningDays.nullable().optional(),
      morningCatchUpMinutes: CatchUpMinutes.optional(),
      meetingLeadMinutes: LeadMinutes.optional(),
      meetingPollMinutes: PollMinutes.optional(),
      prepAgentId: PrepAgentId.optional(),
    })
    .optional(),
  transcriptRetention: z
    .strictObject({
      maxAgeDays: RetentionDays.optional(),
      maxTotalMB: RetentionMegabytes.optional(),
    })
    .optional(),
  lastAgentId: AgentChoice.optional(),
  allowDemo: z.boolean().optional(),
  updates: z
    .strictObject({ automatic: z.boolean().optional(), channel: UpdateChannel.optional() })
    .optional(),
  companion: z
    .strictObject({ enabled: z.boolean().optional(), crmDomains: CrmDomains.optional() })
    .optional(),
  autoPrep: z
    .strictObject({
      mode: AutoPrepMode.optional(),
      leadMinutes: AutoPrepLeadMinutes.optional(),
      reservePercent: AutoPrepReservePercent.optional(),
      noticeSeen: z.boolean().optional(),
    })
    .optional(),
});
export type SettingsPatch = z.infer<typeof SettingsPatch>;
