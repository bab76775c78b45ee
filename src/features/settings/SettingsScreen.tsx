// Settings, what a salesperson changes first: appearance, notifications, the session, what this
// desktop offers, system (login, global shortcut); then, under Advanced, the service's account
// details, the connection and diagnostics. Every field is validated inline with the contract's
// own schema before saving. One section a file, beside this one.
import { useEffect } from 'react';
import { focusWhenShown } from '../../platform/focusWhenShown';
import { useRoute } from '../../platform/router';
import { useT } from '../../platform/i18n';
import { ErrorState, Skeleton } from '../../ui/Feedback';
import { PageHeader } from '../../ui/PageHeader';
import { ServiceSection, SessionSection } from '../account/views';
import { AppearanceForm } from './AppearanceForm';
import { CompanionSection } from './CompanionSection';
import { ConnectionForm, serviceAddressField } from './ConnectionForm';
import { DesktopFeatures } from './DesktopFeatures';
import { DiagnosticsSection } from './DiagnosticsSection';
import { LanguageForm } from './LanguageForm';
import { NotificationsForm } from './NotificationsForm';
import { SystemSection } from './SystemSection';
import { useManaged } from './managedStore';
import { useSettings } from './store';

export function SettingsScreen() {
  const t = useT();
  const state = useSettings((s) => s.settings);
  const route = useRoute();
  const section = route.name === 'settings' ? route.section : undefined;
  useEffect(() => {
    void useSettings.getState().load();
    void useManaged.getState().load();
  }, []);
  const settings = state.value;
  useEffect(() => {
    if (section === 'account') document.getElementById('settings-account')?.scrollIntoView();
  }, [section]);
  // "Connect your company's service" (Today, in the demo): straight to the address to type.
  const loaded = settings !== undefined;
  useEffect(() => {
    if (section === 'connection' && loaded) focusWhenShown(serviceAddressField, 'center');
  }, [section, loaded]);
  const advancedOpen = section === 'account' || section === 'connection';
  return (
    <div className="page page-settings">
      <PageHeader title={t('app.screen.settings')} />
      {settings ? (
        <>
          <AppearanceForm settings={settings} />
          <LanguageForm settings={settings} />
          <NotificationsForm settings={settings} />
        </>
      ) : state.error ? (
        <ErrorState
          title={t('settings.screen.couldNotLoad')}
          error={state.error}
          onRetry={() => void useSettings.getState().load()}
        />
      ) : (
        <Skeleton lines={6} label={t('settings.screen.loading')} />
      )}
      <SessionSection />
      {settings ? (
        <>
          <DesktopFeatures />
          <SystemSection settings={settings} />
          <CompanionSection settings={settings} />
        </>
      ) : null}
      {/* What IT and support ask about, folded away from what a salesperson changes. */}
      <details className="settings-advanced" open={advancedOpen ? true : undefined}>
        <summary>{t('settings.screen.advanced')}</summary>
        <ServiceSection />
        {settings ? (
          <ConnectionForm
            key={`c-${settings.serviceBaseUrl ?? ''}-${settings.signInUrl ?? ''}`}
            settings={settings}
          />
        ) : null}
        <DiagnosticsSection />
      </details>
    </div>
  );
}
