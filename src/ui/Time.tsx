// Times that stay true while the screen stays open: "updated 3 minutes ago" ticks.
import { useEffect, useState } from 'react';
import { formatDate, formatRelative } from '../lib/format';

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
  return (
    <time dateTime={value} title={formatDate(value)}>
      {formatRelative(value, now)}
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
