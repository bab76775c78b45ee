// The embedded demo service's sign-in password, made up for each start of the app so that no web
// page can know it. Its sign-in page does not show it, so the app does, wherever the user is
// about to open that page: nothing when the service is not the embedded demo.
import { useHost } from '../../platform/hostStore';
import { useT } from '../../platform/i18n';
import { useRichT } from '../../ui/richText';

export function DemoPassword() {
  const t = useT();
  const rich = useRichT();
  const password = useHost((s) => s.appInfo?.service.demoPassword);
  if (password === undefined) return null;
  return (
    <p className="muted">
      {rich('account.demoPassword.text', {
        password: (
          <code className="mono" aria-label={t('account.demoPassword.label')}>
            {password}
          </code>
        ),
      })}
    </p>
  );
}
