// An action's label in the language in use: the label the host wrote when the notice was raised
// may be in the language of that moment (or of no page at all), and the one action there is,
// Prepare, has the app's own word.
import type { NotificationAction } from '../../../electron/contract';
import type { Translator } from '../../../electron/domain/i18n/translator';

export function actionLabel(t: Translator['t'], action: NotificationAction): string {
  return action.id === 'prepare' ? t('desktop.notification.prepare') : action.label;
}
