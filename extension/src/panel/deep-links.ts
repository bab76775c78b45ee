// "Open in Assistant": the desktop app's own links (electron/core/deeplinks/link.ts reads them),
// which the browser hands to the app registered for the scheme.
export function deepLinkToDeal(dealId: string): string {
  return `assistant://deal/${encodeURIComponent(dealId)}`;
}

export function deepLinkToRun(runId: string): string {
  return `assistant://run/${encodeURIComponent(runId)}`;
}
