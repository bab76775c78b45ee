// A meeting notice's Prepare, raised while core spoke English, reads in the language in use.
import { describe, expect, it } from 'vitest';
import type { NotificationAction } from '../../../../../electron/contract';
import { actionLabel } from '../../../../../src/features/notifications/actionLabel';
import { translatorFor } from '../../../../support/translators';

const PREPARE: NotificationAction = {
  id: 'prepare',
  label: 'Prepare',
  run: {
    agentId: 'sales.meeting_prep',
    dealId: '0b9e3c1a-1111-4222-8333-444455556666',
    message: 'Prepare me for this meeting.',
  },
};

describe('a notice’s action label', () => {
  it('is the app’s word in the language in use, not the one it was raised in', () => {
    expect(actionLabel(translatorFor('de').t, PREPARE)).toBe('Vorbereiten');
    expect(actionLabel(translatorFor('en').t, PREPARE)).toBe('Prepare');
  });
});
