// `assistant usage`: the billing period's meters (spec §2.4) with core's arithmetic, so the CLI,
// the tray and the admin view agree on ratios and warning levels.
import type { QuotaLevel, QuotaStatus, UsageView } from '../../core/usage';
import type { Style } from './style';
import { padEnd } from './text';
import { formatCount, formatPercent, formatTimestamp } from './values';

const BAR_WIDTH = 20;

export function bar(ratio: number): string {
  const filled = Math.min(BAR_WIDTH, Math.max(0, Math.round(ratio * BAR_WIDTH)));
  return `[${'#'.repeat(filled)}${'.'.repeat(BAR_WIDTH - filled)}]`;
}

export function paintLevel(level: QuotaLevel, style: Style): string {
  switch (level) {
    case 'ok':
      return style.green(level);
    case 'warning':
      return style.yellow(level);
    case 'critical':
      return style.red(level);
    case 'reached':
      return style.bold(style.red(level));
  }
}

function meter(quota: QuotaStatus, style: Style, extra?: string): string {
  const tail = extra === undefined ? '' : `  ${extra}`;
  if (quota.limit === null) return `${formatCount(quota.used)} used, no limit${tail}`;
  const ratio = quota.ratio ?? 0;
  const left = quota.remaining === null ? '' : `, ${formatCount(quota.remaining)} left`;
  return (
    `${bar(ratio)} ${formatCount(quota.used)} of ${formatCount(quota.limit)} ` +
    `(${formatPercent(ratio)})  ${paintLevel(quota.level, style)}${left}${tail}`
  );
}

export function renderUsage(view: UsageView, style: Style): string {
  const rows: Array<[string, string]> = [
    [
      'Billing period',
      `${formatTimestamp(view.period.start)} to ${formatTimestamp(view.period.end)}`,
    ],
    ['Requests', meter(view.requests, style)],
    ['Runs', meter(view.runs, style)],
    [
      'Tokens',
      meter(
        view.tokens,
        style,
        `(input ${formatCount(view.tokens.input)}, output ${formatCount(view.tokens.output)})`,
      ),
    ],
    ['Overall', paintLevel(view.level, style)],
  ];
  const width = Math.max(...rows.map(([label]) => label.length));
  return `${rows.map(([label, value]) => `${style.bold(padEnd(label, width))}  ${value}`).join('\n')}\n`;
}
