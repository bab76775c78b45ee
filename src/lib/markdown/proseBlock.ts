// A fenced block that holds prose, not code: agents put email drafts and messages in fences so
// they stand apart, but a monospace box that does not wrap is the wrong way to read (and copy)
// a letter.

const PROSE_LANGS = new Set([
  '',
  'text',
  'txt',
  'plain',
  'plaintext',
  'email',
  'mail',
  'markdown',
  'md',
]);

/** Sentences, not statements: most lines are empty or read as words with spaces. */
export function isProseBlock(lang: string | undefined, text: string): boolean {
  if (!PROSE_LANGS.has((lang ?? '').trim().toLowerCase())) return false;
  const lines = text.split('\n').filter((line) => line.trim() !== '');
  if (lines.length === 0) return false;
  const wordy = lines.filter(
    (line) => /^[\p{L}\p{N}"“‘'(*-]/u.test(line.trim()) && /\s/.test(line.trim()),
  );
  // Code has braces, semicolons and indentation; prose has words and sentence punctuation.
  const codey = lines.filter((line) => /[{};]$|^\s{2,}\S|=>|<\/?\w+>/.test(line));
  return wordy.length >= lines.length * 0.6 && codey.length <= lines.length * 0.1;
}

/** An email draft: a subject line, or a greeting opening the text. */
export function isEmailDraft(text: string): boolean {
  const first = text.trim().split('\n')[0]?.trim() ?? '';
  return /^subject\s*:/i.test(first) || /^(hi|hello|dear|hey)\b.*,$/i.test(first);
}

const FENCE = /^(`{3,}|~{3,})([^\n`]*)\n([\s\S]*?)\n\1[ \t]*$/gm;

/** The first email draft fenced in an answer (what its "Copy email" copies), if there is one. */
export function emailDraftIn(markdown: string): string | undefined {
  for (const match of markdown.matchAll(FENCE)) {
    const lang = match[2]?.trim().split(/\s+/)[0];
    const text = match[3] ?? '';
    if (isProseBlock(lang, text) && isEmailDraft(text)) return text;
  }
  return undefined;
}
