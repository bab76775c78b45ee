// While Today's first reads are on their way from the host, the main thread is idle: the code
// the first screen needs is made ready then, instead of after the answers, when it would hold up
// the first paint. Lexing markdown the first time compiles marked's lexer and tokenizer (tens of
// milliseconds on a cold page); the screen's date formatters are built and cached here too (the
// locale's data itself was loaded by the entry, src/main.tsx). Nothing here changes what is shown.
import { formatDate, formatDay, formatRelative, formatTime } from '../lib/format';
import { currentTranslator } from '../platform/i18n';
import { whenIdle } from '../platform/idle';

/** Markdown of the kinds briefings carry: paragraphs, emphasis, lists, tables, links. */
const SAMPLE_MARKDOWN =
  'A **b** _c_ [d](https://e.example).\n\n- f\n- g\n\n1. h\n\n| i | j |\n| --- | ---: |\n| k | l |\n';

/** Makes Today's formatting and markdown ready, one idle slice at a time. */
export async function warmUpToday(): Promise<void> {
  await whenIdle();
  const now = Date.now();
  const iso = new Date(now).toISOString();
  // In the language in use: the formatters cached are the ones the screen asks for.
  const { locale } = currentTranslator();
  formatDay(new Date(now), locale);
  formatRelative(now - 3_600_000, now, locale);
  formatDate(iso, locale);
  formatTime(iso, locale);
  await whenIdle();
  // In the chunks index.html preloads for Today, so this fetches nothing new.
  const { splitBlocks } = await import('../lib/markdown/blocks');
  await whenIdle();
  splitBlocks(SAMPLE_MARKDOWN);
}
