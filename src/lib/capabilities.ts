// What the service offers, read from its metadata, and whether it is the demo.
import type { AppInfo, ServiceMetadata } from '../../electron/contract';
import type { MessageId } from '../../electron/domain/i18n/messages';
import type { Translator } from '../../electron/domain/i18n/translator';

export function isDemo(
  appInfo: AppInfo | undefined,
  metadata: ServiceMetadata | undefined,
): boolean {
  return appInfo?.service.demo === true || metadata?.environment.toLowerCase() === 'demo';
}

/** Capability names shown to people; one the app does not know shows by its own name. */
const capabilityLabels: Readonly<Record<string, MessageId>> = {
  streaming: 'account.capability.streaming',
  runs: 'account.capability.runs',
  briefings: 'account.capability.briefings',
  deals: 'account.capability.deals',
  tokens: 'account.capability.tokens',
  usage: 'account.capability.usage',
};

/** Each missing capability in a sentence of its own, so every language can inflect the name. */
const missingReasons: Readonly<Record<string, MessageId>> = {
  streaming: 'account.capability.missingStreaming',
  runs: 'account.capability.missingRuns',
  briefings: 'account.capability.missingBriefings',
  deals: 'account.capability.missingDeals',
  tokens: 'account.capability.missingTokens',
  usage: 'account.capability.missingUsage',
};

export function capabilityLabel(name: string, t: Translator['t']): string {
  const id = capabilityLabels[name];
  return id === undefined ? name : t(id);
}

export function hasCapability(metadata: ServiceMetadata | undefined, name: string): boolean {
  // Until the metadata is known, assume yes: the service answers with an error if not.
  if (!metadata) return true;
  return metadata.capabilities[name] !== false;
}

export function missingCapabilityReason(name: string, t: Translator['t']): string {
  const id = missingReasons[name];
  return id === undefined ? t('account.capability.missingOther', { name }) : t(id);
}
