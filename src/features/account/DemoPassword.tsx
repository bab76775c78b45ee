// The embedded demo service's sign-in password, made up for each start of the app so that no web
// page can know it. Its sign-in page does not show it, so the app does, wherever the user is
// about to open that page: nothing when the service is not the embedded demo.
import { useHost } from '../../platform/hostStore';

export function DemoPassword() {
  const password = useHost((s) => s.appInfo?.service.demoPassword);
  if (password === undefined) return null;
  return (
    <p className="muted">
      On the built-in demo service’s sign-in page, use any email address and the password{' '}
      <code className="mono" aria-label="Demo password">
        {password}
      </code>{' '}
      (made up for this start of the app).
    </p>
  );
}
