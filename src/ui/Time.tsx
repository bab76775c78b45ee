// Times that stay true while the screen stays open: "updated 3 minutes ago" ticks. In the
// translator's locale, and isolated (base.css: `time`) so it keeps its order in a sentence of the
// other direction.
import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { formatDate, formatRelative, isJustNow } from '../lib/format';
import { useT, useTranslator } from '../platform/i18n';
import { useRichT } from './richText';

function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

export function RelativeTime({ value }: { value: string }) {
  const now = useNow(30_000);
  const { locale } = useTranslator();
  return (
    <time dateTime={value} title={formatDate(value, locale)}>
      {formatRelative(value, now, locale)}
    </time>
  );
}

export function useTicking(active: boolean, intervalMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return undefined;
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [active, intervalMs]);
  return now;
}

/**
 * "Updated 5 minutes ago", and within the first minute the words each language has for it
 * ("Updated just now", „Gerade aktualisiert“, 「たった今更新」): the relative format's "now" read
 * wrong inside the sentence in some languages (「今に更新」, 「更新于现在」).
 */
export function UpdatedAt({ value }: { value: string }): ReactNode {
  const now = useNow(30_000);
  const t = useT();
  const rich = useRichT();
  const { locale } = useTranslator();
  if (isJustNow(value, now)) {
    return (
      <time dateTime={value} title={formatDate(value, locale)}>
        {t('app.freshness.updatedJustNow')}
      </time>
    );
  }
  return rich('app.freshness.updated', { time: <RelativeTime value={value} /> });
}
