// The translator core's own sentences are written with (errors above all, thrown from deep inside
// the client where no translator is passed): the language in use, set by the backend's language
// (language.ts) as the setting changes. English until then, and always for the `assistant`
// command, which starts no backend. One per process is enough: each process runs one backend.
import { englishWords } from '../../domain/i18n/node-translator';
import type { Translator } from '../../domain/i18n/translator';

let current: Translator | undefined;

/** The translator for core's words now. */
export function coreWords(): Translator {
  return current ?? englishWords();
}

export function setCoreWords(translator: Translator): void {
  current = translator;
}

/**
 * Back to English once the backend that set `translator` stops, unless another has set its own
 * since: a process that runs backends one after another (the tests' worker) must not keep a
 * stopped one's language.
 */
export function releaseCoreWords(translator: Translator): void {
  if (current === translator) current = undefined;
}
