// Account and service: what the metadata says (service, environment, org, user, scopes,
// capabilities) and the session (signed in or expired, where it is kept, sign in and out).
import { useState } from 'react';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { CardSection } from '../../ui/CardSection';
import { ErrorState, FormError, InlineError, Skeleton } from '../../ui/Feedback';
import { Freshness } from '../../ui/Freshness';
import { DemoPassword } from './DemoPassword';
import { TokenForm } from './SignInDialog';
import { capabilityLabel, isDemo, missingCapabilityReason } from '../../lib/capabilities';
import { useHost } from '../../platform/hostStore';
import { useT } from '../../platform/i18n';
import { useAccount } from './store';

/** What the service offers, each with what its absence means. */
function Capabilities({ capabilities }: { capabilities: Record<string, boolean> }) {
  const t = useT();
  return (
    <>
      <h3 className="rec-section-title">{t('account.service.capabilities')}</h3>
      <ul className="capabilities">
        {Object.entries(capabilities).map(([name, on]) => (
          <li key={name} className={on ? 'cap-on' : 'cap-off'}>
            <span aria-hidden="true">{on ? '✓' : '–'}</span>
            <span>{capabilityLabel(name, t)}</span>
            <span className="subtle">
              {on ? t('account.service.available') : missingCapabilityReason(name, t)}
            </span>
          </li>
        ))}
      </ul>
    </>
  );
}

export function ServiceSection() {
  const t = useT();
  const metadata = useHost((s) => s.metadata);
  const appInfo = useHost((s) => s.appInfo);
  const load = useHost((s) => s.loadMetadata);
  const value = metadata.value;
  return (
    <CardSection
      headingId="service-h"
      title={t('account.service.title')}
      id="settings-account"
      aside={
        <Freshness
          state={metadata}
          onRefresh={() => void load(true)}
          label={t('account.service.freshnessLabel')}
        />
      }
    >
      {metadata.error && value ? (
        <InlineError error={metadata.error} onRetry={() => void load(true)} />
      ) : null}
      {value ? (
        <>
          <dl className="rec-fields">
            <div className="rec-field">
              <dt>{t('account.service.service')}</dt>
              <dd>
                {value.service} <span className="subtle">({value.version})</span>
              </dd>
            </div>
            <div className="rec-field">
              <dt>{t('account.service.environment')}</dt>
              <dd>
                {value.environment}{' '}
                {isDemo(appInfo, value) ? (
                  <Badge tone="accent">{t('account.service.demo')}</Badge>
                ) : null}
              </dd>
            </div>
            <div className="rec-field">
              <dt>{t('account.service.organisation')}</dt>
              <dd>
                <bdi>{value.org.name}</bdi> <span className="subtle mono">{value.org.id}</span>
              </dd>
            </div>
            <div className="rec-field">
              <dt>{t('account.service.user')}</dt>
              <dd>
                {value.principal.name ? (
                  <>
                    <bdi>{value.principal.name}</bdi>{' '}
                  </>
                ) : null}
                <span className={value.principal.name ? 'subtle mono' : 'mono'}>
                  {value.principal.userId}
                </span>{' '}
                <span className="subtle">
                  ({value.principal.type}, {value.principal.authMode})
                </span>
              </dd>
            </div>
            {appInfo ? (
              <div className="rec-field">
                <dt>{t('account.service.address')}</dt>
                <dd className="mono" dir="ltr">
                  {appInfo.service.baseUrl}
                </dd>
              </div>
            ) : null}
          </dl>
          <h3 className="rec-section-title">{t('account.service.scopes')}</h3>
          <ul className="tag-list" aria-label={t('account.service.scopes')}>
            {value.principal.scopes.length === 0 ? (
              <li className="subtle">{t('account.service.noScopes')}</li>
            ) : null}
            {value.principal.scopes.map((scope) => (
              <li key={scope}>
                <code>{scope}</code>
              </li>
            ))}
          </ul>
          <Capabilities capabilities={value.capabilities} />
        </>
      ) : metadata.error ? (
        <ErrorState
          title={t('account.service.couldNotReach')}
          error={metadata.error}
          onRetry={() => void load(true)}
          retrying={metadata.loading}
        />
      ) : (
        <Skeleton lines={5} label={t('account.service.loading')} />
      )}
    </CardSection>
  );
}

export function SessionSection() {
  const t = useT();
  const session = useHost((s) => s.session);
  const action = useAccount((s) => s.sessionAction);
  const [pasting, setPasting] = useState(false);
  const pasteButton = (
    <Button onClick={() => setPasting((v) => !v)} aria-expanded={pasting}>
      {t('account.session.pasteToken')}
    </Button>
  );
  return (
    <CardSection headingId="session-h" title={t('account.session.title')}>
      {!session ? (
        <Skeleton lines={2} label={t('account.session.loading')} />
      ) : (
        <>
          <dl className="rec-fields">
            <div className="rec-field">
              <dt>{t('account.session.status')}</dt>
              <dd>
                {session.expired ? (
                  <Badge tone="danger">{t('account.session.expired')}</Badge>
                ) : session.signedIn ? (
                  <Badge tone="ok">{t('account.session.signedIn')}</Badge>
                ) : (
                  <Badge>{t('account.session.signedOut')}</Badge>
                )}
              </dd>
            </div>
            <div className="rec-field">
              <dt>{t('account.session.kept')}</dt>
              <dd>
                {session.storage === 'encrypted'
                  ? t('account.session.encrypted')
                  : t('account.session.memoryOnly')}
              </dd>
            </div>
          </dl>
          {session.storage === 'memory-only' ? (
            <p className="field-hint">
              {t('account.session.signInAfterRestart')}
              {session.storageReason ? ` ${session.storageReason}` : ''}
            </p>
          ) : null}
          {action.error && !pasting ? <FormError error={action.error} /> : null}
          <div className="button-row">
            {session.canSignInWithWindow ? (
              <Button
                variant="primary"
                onClick={() => void useAccount.getState().startSignIn()}
                busy={action.pending}
              >
                {session.signedIn && !session.expired
                  ? t('account.session.signInAgain')
                  : t('account.session.signIn')}
              </Button>
            ) : null}
            {session.canSignInWithWindow ? null : pasteButton}
            {session.signedIn ? (
              <Button
                variant="danger"
                onClick={() => void useAccount.getState().signOut()}
                disabled={action.pending}
              >
                {t('account.session.signOut')}
              </Button>
            ) : null}
          </div>
          {!session.canSignInWithWindow ? (
            <p className="subtle">{t('account.session.noSignInWindow')}</p>
          ) : (
            <>
              <DemoPassword />
              {/* Signing in is the company's page; a pasted token is IT's way, so it waits here. */}
              <details className="session-other-ways">
                <summary>{t('account.session.otherWays')}</summary>
                <div className="button-row">{pasteButton}</div>
              </details>
            </>
          )}
          {pasting ? (
            <TokenForm onDone={() => setPasting(false)} onCancel={() => setPasting(false)} />
          ) : null}
        </>
      )}
    </CardSection>
  );
}
