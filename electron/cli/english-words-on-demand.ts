// The built `assistant` command only: scripts/build-node.mjs puts this module in place of
// domain/i18n/node-translator.ts where core's words (core/i18n/words.ts) import it. The English
// catalogue and FormatJS are built apart, into chunks/english-words.cjs beside the chunk holding
// this code, and loaded the first time a sentence of core's is formatted (an error, mostly):
// `assistant status` against a service that answers shows none, and loading them cost it about
// 7 MiB and tens of milliseconds (docs/performance.md). A synchronous require, because core
// formats its sentences where they are thrown, and a CommonJS file, because that is what
// require() loads without a flag in every Node the command supports.
import type { Translator } from '../domain/i18n/translator';

/** The file's name beside this chunk, as build-node.mjs writes it. */
export const ENGLISH_WORDS_FILE = './english-words.cjs';

let english: Translator | undefined;

function load(): Translator {
  // Resolved from the chunk this code is built into (out/cli/chunks/), beside the file.
  const requireHere = process.getBuiltinModule('node:module').createRequire(import.meta.url);
  const loaded: unknown = requireHere(ENGLISH_WORDS_FILE);
  const make =
    typeof loaded === 'object' && loaded !== null && 'englishWords' in loaded
      ? loaded.englishWords
      : undefined;
  if (typeof make !== 'function') {
    throw new Error(`${ENGLISH_WORDS_FILE} has no englishWords(): the command's build is broken.`);
  }
  return make() as Translator;
}

/** English, made on first use (the same words as domain/i18n/node-translator's). */
export function englishWords(): Translator {
  english ??= load();
  return english;
}
