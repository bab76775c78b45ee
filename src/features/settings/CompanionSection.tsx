// Settings → Browser companion: each browser that asked, its state in words, and what the user
// can do about it (Allow / Deny while it waits, Allow / Forget once denied or when an older
// version's Allow must be made again, Revoke once allowed, confirmed inline), and a warning when
// this start could not register the app with the browsers. The app asks about a browser once:
// after Not now or Deny, this is where the user changes their mind. Kept live by the host's
// companion.changed events (src/app/events.ts).
import { useEffect, useState } from 'react';
import type {
  CompanionBrowser,
  CompanionRegistrationProblem,
  CompanionState,
  Crm,
  Settings,
} from '../../../electron/contract';
import type { MessageId } from '../../../electron/domain/i18n/messages';
import { formatRelative, isolate } from '../../lib/format';
import { useTranslator } from '../../platform/i18n';
import type { Translator } from '../../../electron/domain/i18n/translator';
import { Button } from '../../ui/Button';
import { CardSection } from '../../ui/CardSection';
import { FormError } from '../../ui/Feedback';
import { useTicking } from '../../ui/Time';
import { useCompanion } from './companionStore';
import { usePolicy } from './ManagedNote';
import { Check, useSave } from './SettingsForm';

/** The browser's name ("Chrome"), or "A browser" when the relay could not tell. */
export function browserLabel(browser: CompanionBrowser, t: Translator['t']): string {
  return t('settings.companion.browser', { browser: browser.browser ?? 'other' });
}

function stateText(browser: CompanionBrowser, now: number, { t, locale }: Translator): string {
  switch (browser.decision) {
    case 'pending':
      return t('settings.companion.pending');
    case 'reallow':
      return t('settings.companion.reallow');
    case 'denied':
      return t('settings.companion.denied');
    case 'allowed':
      if (browser.connected) return t('settings.companion.allowedConnected');
      if (browser.lastUsedAt === undefined) return t('settings.companion.allowedUnused');
      return t('settings.companion.allowedLastUsed', {
        ago: isolate(formatRelative(browser.lastUsedAt, now, locale)),
      });
  }
}

/** Why there is nothing to list: off for this run, or it could not start. */
function unavailableText(state: Exclude<CompanionState, { status: 'on' }>, t: Translator['t']) {
  if (state.status === 'off') return t('settings.companion.off');
  switch (state.reason) {
    case 'elsewhere':
      return t('settings.companion.elsewhere');
    case 'unsafe-folder':
      return t('settings.companion.unsafeFolder');
    case 'failed':
      return t('settings.companion.failed');
  }
}

/** Why the browsers may not find the app: registration failed, or (macOS) how to move it. */
function RegistrationProblem({ problem }: { problem: CompanionRegistrationProblem }) {
  const { t } = useTranslator();
  return (
    <p className="form-error" role="alert" data-problem={problem}>
      {t(
        problem === 'disk-image'
          ? 'settings.companion.moveDiskImage'
          : problem === 'translocated'
            ? 'settings.companion.moveTranslocated'
            : 'settings.companion.registrationFailed',
      )}
    </p>
  );
}

function BrowserActions({ browser }: { browser: CompanionBrowser }) {
  const { t } = useTranslator();
  const busy = useCompanion((s) => s.busy === browser.origin);
  const [confirming, setConfirming] = useState(false);
  const { decide, revoke } = useCompanion.getState();
  if (browser.decision === 'pending') {
    return (
      <div className="button-row">
        <Button
          size="sm"
          variant="primary"
          busy={busy}
          onClick={() => void decide(browser.origin, true)}
        >
          {t('settings.companion.allow')}
        </Button>
        <Button size="sm" disabled={busy} onClick={() => void decide(browser.origin, false)}>
          {t('settings.companion.deny')}
        </Button>
      </div>
    );
  }
  if (browser.decision === 'denied' || browser.decision === 'reallow') {
    return (
      <div className="button-row">
        <Button size="sm" busy={busy} onClick={() => void decide(browser.origin, true)}>
          {t('settings.companion.allow')}
        </Button>
        <Button
          size="sm"
          variant="ghost"
          disabled={busy}
          onClick={() => void revoke(browser.origin)}
        >
          {t('settings.companion.forget')}
        </Button>
      </div>
    );
  }
  return confirming ? (
    <div
      className="companion-confirm"
      role="group"
      aria-label={t('settings.companion.revokeConfirm')}
    >
      <span>{t('settings.companion.revokeConfirm')}</span>
      <div className="button-row">
        <Button size="sm" variant="danger" busy={busy} onClick={() => void revoke(browser.origin)}>
          {t('settings.companion.revoke')}
        </Button>
        <Button size="sm" variant="ghost" disabled={busy} onClick={() => setConfirming(false)}>
          {t('settings.companion.keep')}
        </Button>
      </div>
    </div>
  ) : (
    <div className="button-row">
      <Button size="sm" onClick={() => setConfirming(true)}>
        {t('settings.companion.revoke')}
      </Button>
    </div>
  );
}

function BrowserRow({ browser, now }: { browser: CompanionBrowser; now: number }) {
  const translator = useTranslator();
  const { t } = translator;
  const error = useCompanion((s) =>
    s.actionError?.origin === browser.origin ? s.actionError.error : undefined,
  );
  return (
    <li className="companion-browser" data-origin={browser.origin}>
      <div className="companion-browser-text">
        <strong>{browserLabel(browser, t)}</strong>
        <span className={browser.decision === 'denied' ? 'subtle' : undefined}>
          {stateText(browser, now, translator)}
        </span>
        {browser.extension === 'development' ? (
          <span className="subtle">{t('settings.companion.development')}</span>
        ) : null}
      </div>
      <BrowserActions browser={browser} />
      {error ? <FormError error={error} /> : null}
    </li>
  );
}

/** The CRMs by the names their makers give them (the extension's options page says the same). */
const CRM_WORDS: Record<Crm, MessageId> = {
  salesforce: 'options.crm.salesforce',
  dynamics: 'options.crm.dynamics',
  hubspot: 'options.crm.hubspot',
  pipedrive: 'options.crm.pipedrive',
  zoho: 'options.crm.zoho',
};

/** The companion on or off, and the company's own CRM addresses where IT gave them. */
function CompanionSettings({ settings }: { settings: Settings }) {
  const { t } = useTranslator();
  const { error, save } = useSave();
  const enabled = usePolicy('companion.enabled');
  const domains = usePolicy('companion.crmDomains');
  const entries = Object.entries(settings.companion.crmDomains);
  return (
    <>
      <Check
        checked={settings.companion.enabled}
        disabled={enabled.locked}
        note={enabled.note}
        onChange={(value) => void save({ companion: { enabled: value } })}
      >
        {t('settings.companion.enabled')}
      </Check>
      {error ? <FormError error={error} /> : null}
      {/* Only IT sets these (there is no field for them): listed so the salesperson knows the
          companion reads deals on those pages too. */}
      {domains.note !== undefined && entries.length > 0 ? (
        <div className="companion-crm-domains">
          <div className="field-label-row">
            <p className="field-label">
              {t('settings.companion.crmDomains', { count: entries.length })}
            </p>
            {domains.note}
          </div>
          <ul aria-label={t('settings.companion.crmDomainsLabel')}>
            {entries.map(([host, crm]) => (
              <li key={host}>
                <span className="mono" dir="ltr">
                  {host}
                </span>{' '}
                <span className="subtle">{t(CRM_WORDS[crm])}</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </>
  );
}

export function CompanionSection({ settings }: { settings: Settings }) {
  const { t } = useTranslator();
  const state = useCompanion((s) => s.state);
  const loadError = useCompanion((s) => s.loadError);
  // "last used 3 min ago" stays true while Settings stays open.
  const now = useTicking(true, 30_000);
  useEffect(() => {
    void useCompanion.getState().load();
  }, []);
  return (
    <CardSection
      headingId="companion-h"
      id="settings-companion"
      title={t('settings.companion.title')}
    >
      <p className="muted">{t('settings.companion.intro')}</p>
      <CompanionSettings settings={settings} />
      {loadError ? <FormError error={loadError} /> : null}
      {state?.status === 'on' && state.registration !== undefined ? (
        <RegistrationProblem problem={state.registration} />
      ) : null}
      {state === undefined ? null : state.status !== 'on' ? (
        <p className="subtle">{unavailableText(state, t)}</p>
      ) : state.browsers.length === 0 ? (
        <p className="subtle">{t('settings.companion.empty')}</p>
      ) : (
        <ul className="companion-browsers" aria-label={t('settings.companion.listLabel')}>
          {state.browsers.map((browser) => (
            <BrowserRow key={browser.origin} browser={browser} now={now} />
          ))}
        </ul>
      )}
    </CardSection>
  );
}
