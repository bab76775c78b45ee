// A usage meter: role="meter" with its value, limit and level for assistive tech, and a bar
// whose colour changes at 80 %, 95 % and 100 %. Numbers in the translator's locale, each isolated
// (<bdi>) so "1,976 / 2M" keeps its order beside words of the other direction.
import { useId } from 'react';
import { formatCompact, formatNumber, formatPercent } from '../lib/format';
import { usageLevel, usageRatio } from '../lib/usage';
import { useTranslator } from '../platform/i18n';

export function Meter({
  label,
  used,
  limit,
  detail,
}: {
  label: string;
  used: number;
  limit: number | null;
  detail?: string;
}) {
  const { t, locale } = useTranslator();
  const level = usageLevel({ used, limit });
  const ratio = usageRatio({ used, limit });
  // Not made from the label: in Japanese or Arabic every label would give the same id.
  const id = useId();
  const valueText =
    limit === null
      ? t('app.meter.valueUnlimited', { used: formatNumber(used, locale) })
      : t('app.meter.valueText', {
          used: formatNumber(used, locale),
          limit: formatNumber(limit, locale),
          percent: formatPercent(ratio ?? 0, locale),
          level,
        });
  const width = ratio === null ? 0 : Math.min(1, ratio) * 100;
  return (
    <div className={`meter meter-${level}`}>
      <div className="meter-head">
        <span id={id} className="meter-label">
          {label}
        </span>
        <span className="meter-numbers">
          <strong>
            <bdi>{formatCompact(used, locale)}</bdi>
          </strong>
          <span className="muted">
            {' / '}
            {limit === null ? (
              t('app.meter.noLimitShort')
            ) : (
              <bdi>{formatCompact(limit, locale)}</bdi>
            )}
          </span>
        </span>
      </div>
      <div
        className="meter-track"
        role="meter"
        aria-labelledby={id}
        aria-valuemin={0}
        aria-valuemax={limit ?? Math.max(used, 1)}
        aria-valuenow={limit === null ? used : Math.min(used, limit)}
        aria-valuetext={valueText}
      >
        <div className="meter-fill" style={{ width: `${width}%` }} />
      </div>
      <div className="meter-foot">
        <span className={`meter-level meter-level-${level}`}>
          {limit === null
            ? t('app.meter.noLimit')
            : t('app.meter.usedLevel', { percent: formatPercent(ratio ?? 0, locale), level })}
        </span>
        {detail ? <span className="subtle">{detail}</span> : null}
      </div>
    </div>
  );
}
