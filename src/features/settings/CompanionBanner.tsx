// A browser asks to be allowed: a calm banner above the screen with Allow / Deny, in browser
// mode and in the Electron window alike (the desktop app also asks in a native dialog; whichever
// the user answers, the other goes away with the companion.changed event).
import { useT } from '../../platform/i18n';
import { Button } from '../../ui/Button';
import { useCompanion } from './companionStore';
import { waitingBrowsers } from './createCompanionStore';

export function CompanionBanner() {
  const t = useT();
  const waiting = waitingBrowsers(useCompanion((s) => s.state));
  const busy = useCompanion((s) => s.busy);
  const { decide } = useCompanion.getState();
  return (
    <>
      {waiting.map((browser) => (
        <div
          key={browser.origin}
          className="banner banner-info companion-banner"
          role="region"
          aria-label={t('settings.companion.bannerLabel')}
        >
          <span>{t('settings.companion.ask', { browser: browser.browser ?? 'other' })}</span>
          <div className="button-row">
            <Button
              size="sm"
              variant="primary"
              busy={busy === browser.origin}
              onClick={() => void decide(browser.origin, true)}
            >
              {t('settings.companion.allow')}
            </Button>
            <Button
              size="sm"
              variant="ghost"
              disabled={busy === browser.origin}
              onClick={() => void decide(browser.origin, false)}
            >
              {t('settings.companion.deny')}
            </Button>
          </div>
        </div>
      ))}
    </>
  );
}
