// Days named in the interface language: Intl's words for today and yesterday, as headings, and
// the catalogue's for items without a date.
import { describe, expect, it } from 'vitest';
import { groupByDay } from '../../../../src/lib/days';
import { translatorFor } from '../../../support/translators';

const now = new Date(2026, 10, 24, 15, 0);
const items = [
  { id: 'today', at: new Date(2026, 10, 24, 9, 0).toISOString() },
  { id: 'yesterday', at: new Date(2026, 10, 23, 9, 0).toISOString() },
  { id: 'unknown', at: undefined },
];

const labels = (language: Parameters<typeof translatorFor>[0]) =>
  groupByDay(items, (item) => item.at, now, translatorFor(language)).map((day) => day.label);

describe('days by name', () => {
  it('stays as it was in English', () => {
    expect(labels('en')).toEqual(['Today', 'Yesterday', 'Date unknown']);
  });
  it('speaks the interface language', () => {
    expect(labels('de')).toEqual(['Heute', 'Gestern', 'Datum unbekannt']);
    expect(labels('ja')).toEqual(['今日', '昨日', '日付不明']);
    expect(labels('ar')).toEqual(['اليوم', 'أمس', 'تاريخ غير معروف']);
    expect(labels('pt-BR')).toEqual(['Hoje', 'Ontem', 'Data desconhecida']);
  });
});
