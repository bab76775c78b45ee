import { describe, expect, it } from 'vitest';
import { fieldLabel } from '../../../../electron/domain/records/field-labels';
import { humanizeKey } from '../../../../src/lib/format';
import {
  toDisplayRows,
  type DisplayRow,
  type DisplayValue,
  type JsonRecord,
} from '../../../../src/lib/records';
import { buildDeals } from '../../../../electron/demo-service/data/deals';
import { englishT, translatorFor } from '../../../support/translators';

describe('the shared fields’ names', () => {
  it('read in English exactly as the key made readable, however the CRM spells it', () => {
    for (const key of ['closeDate', 'close_date', 'closedate', 'CloseDate', 'nextStep', 'owner']) {
      expect(fieldLabel(key, englishT), key).toBe(humanizeKey(key));
    }
    for (const key of [
      'createdAt',
      'updatedAt',
      'email',
      'probability',
      'contacts',
      'generatedAt',
      'startsAt',
      'risks',
    ]) {
      expect(fieldLabel(key, englishT), key).toBe(humanizeKey(key));
    }
  });

  it('read in the language in use', () => {
    expect(fieldLabel('close_date', translatorFor('fr').t)).toBe('Date de clôture');
    expect(fieldLabel('nextStep', translatorFor('ja').t)).toBe('次のステップ');
    expect(fieldLabel('amount', translatorFor('ar').t)).toBe('المبلغ');
    expect(fieldLabel('generatedAt', translatorFor('de').t)).toBe('Erstellt am');
  });

  it('leave other fields and codes in capitals to the record', () => {
    expect(fieldLabel('dealCloseDate', englishT)).toBeUndefined();
    expect(fieldLabel('CLOSEDATE', englishT)).toBeUndefined();
    expect(fieldLabel('somethingNew', englishT)).toBeUndefined();
  });
});

describe('a deal’s Details', () => {
  /** Every field name the Details show, nested groups and tables' columns included. */
  function labelledKeys(rows: readonly DisplayRow[]): string[] {
    return rows.flatMap((row) => [row.key, ...nestedKeys(row.value)]);
  }
  function nestedKeys(value: DisplayValue): string[] {
    if (value.kind === 'group') return labelledKeys(value.rows);
    if (value.kind === 'table') return value.columns.map((column) => column.key);
    if (value.kind === 'list') return value.items.flatMap(nestedKeys);
    return [];
  }

  it.each(['de', 'ja', 'ar'] as const)(
    'name every field of the demo’s deals in %s, none in English',
    (language) => {
      const { t } = translatorFor(language);
      const unnamed = new Set<string>();
      for (const deal of buildDeals(new Date('2026-11-20T09:00:00Z'))) {
        const rows = toDisplayRows(JSON.parse(JSON.stringify(deal)) as JsonRecord, {
          t,
          locale: language,
        });
        for (const key of labelledKeys(rows)) {
          if (fieldLabel(key, t) === undefined) unnamed.add(key);
        }
      }
      expect([...unnamed]).toEqual([]);
    },
  );
});
