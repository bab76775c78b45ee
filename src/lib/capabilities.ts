// What the service offers, read from its metadata, and whether it is the demo.
import type { AppInfo, ServiceMetadata } from '../../electron/contract';

export function isDemo(
  appInfo: AppInfo | undefined,
  metadata: ServiceMetadata | undefined,
): boolean {
  return appInfo?.service.demo === true || metadata?.environment.toLowerCase() === 'demo';
}

/** Capability names shown to people. */
export const capabilityLabels: Record<string, string> = {
  streaming: 'live output',
  runs: 'agent runs',
  briefings: 'briefings',
  deals: 'deals',
  tokens: 'API tokens',
  usage: 'usage reporting',
};

export function hasCapability(metadata: ServiceMetadata | undefined, name: string): boolean {
  // Until the metadata is known, assume yes: the service answers with an error if not.
  if (!metadata) return true;
  return metadata.capabilities[name] !== false;
}

export function missingCapabilityReason(name: string): string {
  return `This service does not offer ${capabilityLabels[name] ?? name}.`;
}
