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
import { capabilityLabels, isDemo } from '../../lib/capabilities';
import { useHost } from '../../platform/hostStore';
import { useAccount } from './store';

export function ServiceSection() {
  const metadata = useHost((s) => s.metadata);
  const appInfo = useHost((s) => s.appInfo);
  const load = useHost((s) => s.loadMetadata);
  const value = metadata.value;
  return (
    <CardSection
      headingId="service-h"
      title="Account and service"
      id="settings-account"
      aside={
        <Freshness state={metadata} onRefresh={() => void load(true)} label="service information" />
      }
    >
      {metadata.error && value ? (
        <InlineError error={metadata.error} onRetry={() => void load(true)} />
      ) : null}
      {value ? (
        <>
          <dl className="rec-fields">
            <div className="rec-field">
              <dt>Service</dt>
              <dd>
                {value.service} <span className="subtle">({value.version})</span>
              </dd>
            </div>
            <div className="rec-field">
              <dt>Environment</dt>
              <dd>
                {value.environment}{' '}
                {isDemo(appInfo, value) ? <Badge tone="accent">Demo</Badge> : null}
              </dd>
            </div>
            <div className="rec-field">
              <dt>Organisation</dt>
              <dd>
                <bdi>{value.org.name}</bdi> <span className="subtle mono">{value.org.id}</span>
              </dd>
            </div>
            <div className="rec-field">
              <dt>User</dt>
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
                <dt>Address</dt>
                <dd className="mono">{appInfo.service.baseUrl}</dd>
              </div>
            ) : null}
          </dl>
          <h3 className="rec-section-title">Scopes</h3>
          <ul className="tag-list" aria-label="Scopes">
            {value.principal.scopes.length === 0 ? <li className="subtle">None</li> : null}
            {value.principal.scopes.map((scope) => (
              <li key={scope}>
                <code>{scope}</code>
              </li>
            ))}
          </ul>
          <h3 className="rec-section-title">Capabilities</h3>
          <ul className="capabilities">
            {Object.entries(value.capabilities).map(([name, on]) => (
              <li key={name} className={on ? 'cap-on' : 'cap-off'}>
                <span aria-hidden="true">{on ? '✓' : '–'}</span>
                <span>{capabilityLabels[name] ?? name}</span>
                <span className="subtle">
                  {on
                    ? 'Available'
                    : `This service does not offer ${capabilityLabels[name] ?? name}.`}
                </span>
              </li>
            ))}
          </ul>
        </>
      ) : metadata.error ? (
        <ErrorState
          title="Could not reach the service"
          error={metadata.error}
          onRetry={() => void load(true)}
          retrying={metadata.loading}
        />
      ) : (
        <Skeleton lines={5} label="Loading service information…" />
      )}
    </CardSection>
  );
}

export function SessionSection() {
  const session = useHost((s) => s.session);
  const action = useAccount((s) => s.sessionAction);
  const [pasting, setPasting] = useState(false);
  return (
    <CardSection headingId="session-h" title="Session">
      {!session ? (
        <Skeleton lines={2} label="Loading the session…" />
      ) : (
        <>
          <dl className="rec-fields">
            <div className="rec-field">
              <dt>Status</dt>
              <dd>
                {session.expired ? (
                  <Badge tone="danger">Expired</Badge>
                ) : session.signedIn ? (
                  <Badge tone="ok">Signed in</Badge>
                ) : (
                  <Badge>Signed out</Badge>
                )}
              </dd>
            </div>
            <div className="rec-field">
              <dt>Kept</dt>
              <dd>
                {session.storage === 'encrypted' ? 'Encrypted on this computer' : 'In memory only'}
              </dd>
            </div>
          </dl>
          {session.storage === 'memory-only' ? (
            <p className="field-hint">
              You will need to sign in again after a restart.
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
                {session.signedIn && !session.expired ? 'Sign in again' : 'Sign in'}
              </Button>
            ) : null}
            <Button onClick={() => setPasting((v) => !v)} aria-expanded={pasting}>
              Paste a session token
            </Button>
            {session.signedIn ? (
              <Button
                variant="danger"
                onClick={() => void useAccount.getState().signOut()}
                disabled={action.pending}
              >
                Sign out
              </Button>
            ) : null}
          </div>
          {!session.canSignInWithWindow ? (
            <p className="subtle">
              This window cannot open the service’s sign-in page: paste a session token instead.
            </p>
          ) : (
            <DemoPassword />
          )}
          {pasting ? (
            <TokenForm onDone={() => setPasting(false)} onCancel={() => setPasting(false)} />
          ) : null}
        </>
      )}
    </CardSection>
  );
}
