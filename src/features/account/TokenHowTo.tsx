// How a salesperson gets a session token, in their words: most have never heard of a cookie.
// The technical description is kept for the IT team that hands the token out.
import { useT } from '../../platform/i18n';
import { useRichT } from '../../ui/richText';

// The cookie's name, as IT finds it in the browser.
const COOKIE = 'sb-access-token';

export function TokenHowTo() {
  const t = useT();
  const rich = useRichT();
  return (
    <details className="token-howto">
      <summary>{t('account.howTo.summary')}</summary>
      <ol>
        <li>{t('account.howTo.ask')}</li>
        <li>
          {rich('account.howTo.paste', { button: <strong>{t('account.token.use')}</strong> })}
        </li>
        <li>{t('account.howTo.secret')}</li>
        <li>{t('account.howTo.expiry')}</li>
      </ol>
      <p className="subtle">{rich('account.howTo.forIt', { cookie: <code>{COOKIE}</code> })}</p>
    </details>
  );
}
