// The settings IT can set by policy: one declaration beside the settings schema, read by every
// policy source (Windows registry, macOS managed preferences, Linux policy.json), by core when it
// applies them, by Settings when it shows a field as set by the organisation, and by
// `npm run build:policy-templates` when it writes the ADMX/ADML, .mobileconfig and JSON schema.
// A value is checked with the schema of the setting it governs, so IT can set nothing a user
// could not.
import { z } from './zod';
import { languageChoiceSchema } from '../domain/i18n/languages';
import {
  AutoPrepLeadMinutes,
  AutoPrepMode,
  AutoPrepReservePercent,
  ClockTime,
  CrmDomains,
  HttpUrl,
  PrepAgentId,
  RetentionDays,
  RetentionMegabytes,
  UpdateChannel,
} from './settings';

/**
 * How a value is written in each place: `boolean` is a REG_DWORD 0/1 in the registry, `integer` a
 * REG_DWORD, `string` and `enum` a REG_SZ, `domains` a key of name/value pairs (host name → CRM,
 * ADMX's list with explicit values) or a JSON object / plist dictionary.
 */
export const POLICY_KINDS = ['boolean', 'integer', 'string', 'enum', 'domains'] as const;
export type PolicyKind = (typeof POLICY_KINDS)[number];

/** Groups of policies, as Group Policy's editor and the docs list them. */
export const POLICY_CATEGORIES = [
  'service',
  'updates',
  'companion',
  'notifications',
  'app',
] as const;
export type PolicyCategory = (typeof POLICY_CATEGORIES)[number];

interface PolicyDeclaration {
  /** The setting it governs, as a dotted path into Settings. */
  setting: string;
  kind: PolicyKind;
  category: PolicyCategory;
  /** The setting's own schema for one value (without its default). */
  schema: z.ZodType;
  /** For `enum`: the values IT may choose from, in the order templates list them. */
  values?: readonly string[];
  /** For `integer`: the range templates offer (the schema is the judge). */
  range?: { min: number; max: number };
}

const Bool = z.boolean();

/**
 * Every policy by its name: the registry value's name, the plist key and the policy.json key.
 * Names are stable: IT's templates and scripts hold them.
 */
export const POLICIES = {
  ServiceBaseUrl: {
    setting: 'serviceBaseUrl',
    kind: 'string',
    category: 'service',
    schema: HttpUrl,
  },
  SignInUrl: { setting: 'signInUrl', kind: 'string', category: 'service', schema: HttpUrl },
  AllowDemo: { setting: 'allowDemo', kind: 'boolean', category: 'service', schema: Bool },
  AutomaticUpdates: {
    setting: 'updates.automatic',
    kind: 'boolean',
    category: 'updates',
    schema: Bool,
  },
  UpdateChannel: {
    setting: 'updates.channel',
    kind: 'enum',
    category: 'updates',
    schema: UpdateChannel,
    values: UpdateChannel.options,
  },
  Companion: { setting: 'companion.enabled', kind: 'boolean', category: 'companion', schema: Bool },
  CompanionCrmDomains: {
    setting: 'companion.crmDomains',
    kind: 'domains',
    category: 'companion',
    schema: CrmDomains,
  },
  MorningBriefingNotification: {
    setting: 'notifications.enabled.morning-briefing',
    kind: 'boolean',
    category: 'notifications',
    schema: Bool,
  },
  MeetingBriefingNotification: {
    setting: 'notifications.enabled.meeting-briefing',
    kind: 'boolean',
    category: 'notifications',
    schema: Bool,
  },
  QuotaNotification: {
    setting: 'notifications.enabled.quota',
    kind: 'boolean',
    category: 'notifications',
    schema: Bool,
  },
  AnswerFinishedNotification: {
    setting: 'notifications.enabled.run-finished',
    kind: 'boolean',
    category: 'notifications',
    schema: Bool,
  },
  MorningTime: {
    setting: 'notifications.morningTime',
    kind: 'string',
    category: 'notifications',
    schema: ClockTime,
  },
  PrepAgent: {
    setting: 'notifications.prepAgentId',
    kind: 'string',
    category: 'notifications',
    schema: PrepAgentId.unwrap(),
  },
  AutomaticPrep: {
    setting: 'autoPrep.mode',
    kind: 'enum',
    category: 'notifications',
    schema: AutoPrepMode,
    values: AutoPrepMode.options,
  },
  AutomaticPrepLeadMinutes: {
    setting: 'autoPrep.leadMinutes',
    kind: 'integer',
    category: 'notifications',
    schema: AutoPrepLeadMinutes,
    range: { min: 15, max: 240 },
  },
  AutomaticPrepQuotaReservePercent: {
    setting: 'autoPrep.reservePercent',
    kind: 'integer',
    category: 'notifications',
    schema: AutoPrepReservePercent,
    range: { min: 0, max: 90 },
  },
  TranscriptMaxAgeDays: {
    setting: 'transcriptRetention.maxAgeDays',
    kind: 'integer',
    category: 'app',
    schema: RetentionDays,
    range: { min: 1, max: 3650 },
  },
  TranscriptMaxTotalMB: {
    setting: 'transcriptRetention.maxTotalMB',
    kind: 'integer',
    category: 'app',
    schema: RetentionMegabytes,
    range: { min: 10, max: 1_000_000 },
  },
  LaunchAtLogin: { setting: 'launchAtLogin', kind: 'boolean', category: 'app', schema: Bool },
  Language: {
    setting: 'language',
    kind: 'enum',
    category: 'app',
    schema: languageChoiceSchema,
    values: languageChoiceSchema.options,
  },
} as const satisfies Record<string, PolicyDeclaration>;

export type PolicyName = keyof typeof POLICIES;
export const POLICY_NAMES = Object.keys(POLICIES) as PolicyName[];
export const PolicyNameSchema = z.enum(POLICY_NAMES as [PolicyName, ...PolicyName[]]);

/** A setting IT governs, by its dotted path. */
export type PolicySetting = (typeof POLICIES)[PolicyName]['setting'];
export const POLICY_SETTINGS = POLICY_NAMES.map((name) => POLICIES[name].setting);
export const PolicySettingSchema = z.enum(POLICY_SETTINGS as [PolicySetting, ...PolicySetting[]]);

/**
 * Where IT put the values: everything at a source's top level is locked (`mandatory`); what sits
 * under its `Recommended` key (a registry subkey, a plist dictionary, a JSON object) is a default
 * the user may change, as Chrome and Edge do it.
 */
export const RECOMMENDED_KEY = 'Recommended';

/**
 * Where Windows keeps them, under HKLM (the machine's) and HKCU (a user's): the relay reads this
 * key (relay/src/policies.rs, POLICY_PATH) and the ADMX writes it.
 */
export const WINDOWS_POLICY_KEY = 'Software\\Policies\\Assistant\\Assistant Desktop';
export const PolicyLevel = z.enum(['mandatory', 'recommended']);
export type PolicyLevel = z.infer<typeof PolicyLevel>;

/** Where a policy was read from, most binding first: a machine's over a user's. */
export const PolicySource = z.enum([
  'windows-machine',
  'windows-user',
  'macos-managed',
  'macos-managed-user',
  'file',
]);
export type PolicySource = z.infer<typeof PolicySource>;

/** A policy value IT set that the app did not apply, and why (for IT, in diagnostics). */
export const PolicyProblem = z.object({
  /** The name as IT wrote it (an unknown name is a problem too). */
  policy: z.string().max(200),
  source: PolicySource,
  level: PolicyLevel,
  reason: z.string().max(500),
});
export type PolicyProblem = z.infer<typeof PolicyProblem>;

/** What Settings needs to show a field as the organisation's: which settings IT set, and how. */
export const ManagedSettings = z.object({
  /** Read-only with "Set by your organisation"; `settings.update` refuses them. */
  locked: z.array(PolicySettingSchema),
  /** IT's default, in use until the user changes it. */
  recommended: z.array(PolicySettingSchema),
  problems: z.array(PolicyProblem).max(100),
});
export type ManagedSettings = z.infer<typeof ManagedSettings>;

export const NO_MANAGED_SETTINGS: ManagedSettings = { locked: [], recommended: [], problems: [] };
