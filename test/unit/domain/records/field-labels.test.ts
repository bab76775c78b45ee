import { describe, expect, it } from 'vitest';
import { fieldLabel } from '../../../../electron/domain/records/field-labels';
import { humanizeKey } from '../../../../src/lib/format';
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
