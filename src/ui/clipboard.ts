// Copying text: the async Clipboard API where the context allows it, else the older
// execCommand path, else the caller shows the text for the user to copy by hand.
export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Permission refused or not focused: try the fallback.
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  area.style.inset = '0';
  document.body.append(area);
  const active = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  area.select();
  let ok: boolean;
  try {
    ok = document.execCommand('copy');
  } catch {
    ok = false;
  }
  area.remove();
  active?.focus();
  return ok;
}

/**
 * Copies both forms of a text: HTML for mail and documents, plain text for everything else.
 * Where the rich clipboard is not available, the plain text alone.
 */
export async function copyRich(content: { text: string; html: string }): Promise<boolean> {
  try {
    if (navigator.clipboard && window.isSecureContext && typeof ClipboardItem !== 'undefined') {
      await navigator.clipboard.write([
        new ClipboardItem({
          'text/plain': new Blob([content.text], { type: 'text/plain' }),
          'text/html': new Blob([content.html], { type: 'text/html' }),
        }),
      ]);
      return true;
    }
  } catch {
    // Permission refused, or HTML not accepted here: the plain text still goes.
  }
  return copyText(content.text);
}
