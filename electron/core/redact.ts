// Cutting the session token out of text, on its own (no imports) so every line the `assistant`
// command prints can be scrubbed before the API client is loaded.

/** Replaces any occurrence of the session value in text that may reach a log or the renderer. */
export function redactSecret(text: string, secret: string | undefined): string {
  if (secret === undefined || secret.length < 4) return text;
  return text.split(secret).join('[redacted]');
}
