// The bell and the inbox count unread entries with each language's plural forms.
import { describe, expect, it } from 'vitest';
import { translatorFor } from '../../../../support/translators';

describe('the inbox’s unread count', () => {
  it('reads as English always read it', () => {
    const { t } = translatorFor('en');
    expect(t('notifications.inbox.bellUnread', { count: 1 })).toBe('Notifications, 1 unread');
    expect(t('notifications.inbox.unread', { count: 1200 })).toBe('1,200 unread');
  });

  it('takes each language’s plural forms', () => {
    const fr = translatorFor('fr').t;
    expect(fr('notifications.inbox.unread', { count: 1 })).toBe('1 non lue');
    expect(fr('notifications.inbox.unread', { count: 3 })).toBe('3 non lues');
    const ar = translatorFor('ar', 'ar-u-nu-latn').t;
    expect(ar('notifications.inbox.unread', { count: 1 })).toBe('إشعار واحد غير مقروء');
    expect(ar('notifications.inbox.unread', { count: 2 })).toBe('إشعاران غير مقروءين');
    expect(ar('notifications.inbox.unread', { count: 5 })).toBe('5 إشعارات غير مقروءة');
    expect(ar('notifications.inbox.unread', { count: 11 })).toBe('11 إشعارًا غير مقروء');
    expect(ar('notifications.inbox.unread', { count: 100 })).toBe('100 إشعار غير مقروء');
    expect(translatorFor('ja').t('notifications.inbox.unread', { count: 4 })).toBe('未読4件');
  });
});
