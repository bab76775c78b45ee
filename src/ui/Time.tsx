// Times that stay true while the screen stays open: "updated 3 minutes ago" ticks. In the
// translator's locale, and isolated (base.css: `time`) so it keeps its order in a sentence of the
// other direction.
import { useEffect, useState } from 'react';
import { formatDate, formatRelative } from '../lib/format';
import { useTranslator } from '../platform/i18n';

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
