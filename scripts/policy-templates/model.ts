// What the policy templates share: where Windows keeps the values, the ADMX's names for things,
// each language's Windows culture, and an example value per policy for the examples IT copies.
import type { POLICIES } from '../../electron/contract/policy';
import {
  RECOMMENDED_KEY,
  WINDOWS_POLICY_KEY,
  type PolicyName,
} from '../../electron/contract/policy';
import type { Language } from '../../electron/domain/i18n/languages';
import type { z } from '../../electron/contract/zod';

/** HKLM (machine) or HKCU (user), under Software\Policies\<vendor>\<product>, as the readers look. */
export const REGISTRY_KEY = WINDOWS_POLICY_KEY;
export const RECOMMENDED_REGISTRY_KEY = `${REGISTRY_KEY}\\${RECOMMENDED_KEY}`;

export const TEMPLATE_BASENAME = 'assistant-desktop';
export const ADMX_NAMESPACE = 'Assistant.Policies.AssistantDesktop';
export const ADMX_PREFIX = 'assistantdesktop';
export const POLICY_DEFINITIONS_NS =
  'http://schemas.microsoft.com/GroupPolicy/2006/07/PolicyDefinitions';
/** Bumped when a policy is added or changed, so Group Policy's editor knows the newer file. */
export const ADMX_REVISION = '1.0';

export const MACOS_BUNDLE_ID = 'com.assistant.desktop';

/** The folder Windows looks in for each language's ADML (PolicyDefinitions\<culture>). */
export const CULTURES: Readonly<Record<Language, string>> = {
  en: 'en-US',
  de: 'de-DE',
  fr: 'fr-FR',
  es: 'es-ES',
  'pt-BR': 'pt-BR',
  ja: 'ja-JP',
  'zh-CN': 'zh-CN',
  ar: 'ar-SA',
};

/** Names in the ADMX: the two category trees and each policy's mandatory and recommended entry. */
export const ROOT_CATEGORY = 'AssistantDesktop';
export const LEVELS = [
  { level: 'mandatory', suffix: '', key: REGISTRY_KEY },
  { level: 'recommended', suffix: '_Recommended', key: RECOMMENDED_REGISTRY_KEY },
] as const;

/** A string id for the ADML from parts (a value such as `pt-BR` becomes `pt_BR`). */
export function stringId(...parts: string[]): string {
  return parts.map((part) => part.replace(/[^A-Za-z0-9]/g, '_')).join('_');
}

type PolicyValue<N extends PolicyName> = z.input<(typeof POLICIES)[N]['schema']>;

/** A value IT might set for each policy, in the examples (each passes its schema: tested). */
export const EXAMPLES: { [N in PolicyName]: PolicyValue<N> } = {
  ServiceBaseUrl: 'https://assistant.example.com/api/v1/assistant',
  SignInUrl: 'https://login.example.com/assistant',
  AllowDemo: false,
  AutomaticUpdates: true,
  UpdateChannel: 'stable',
  Companion: true,
  CompanionCrmDomains: {
    'example.my.salesforce.com': 'salesforce',
    'crm.example.com': 'dynamics',
  },
  MorningBriefingNotification: true,
  MeetingBriefingNotification: true,
  QuotaNotification: true,
  AnswerFinishedNotification: false,
  MorningTime: '08:30',
  PrepAgent: 'meeting-prep',
  AutomaticPrep: 'deal-meetings',
  AutomaticPrepLeadMinutes: 60,
  AutomaticPrepQuotaReservePercent: 10,
  TranscriptMaxAgeDays: 90,
  TranscriptMaxTotalMB: 500,
  LaunchAtLogin: true,
  Language: 'system',
};

/** The policy the examples put under `Recommended` (a default the user may change). */
export const RECOMMENDED_EXAMPLE: PolicyName = 'Language';
