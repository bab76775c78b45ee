// The companion walked in a real Firefox (Debian's firefox-esr, driven over WebDriver BiDi: see
// firefox.ts): the Firefox package installed, its host manifest written by the app's own
// registration under ~/.mozilla, the built relay started by Firefox (with Firefox's arguments, the
// manifest's path and the extension's id), the companion host with a real backend in front of the
// demo service's Salesforce profile, and a fake Lightning page under its real host name. The
// background gives the deal tab its sidebar page; the panel, opened as that page, is asked about
// as Firefox, finds the deal, asks, streams the answer to its end, and follows the CRM's
// single-page navigation to the next deal. As root (the machine's policies file is root's), the
// same browser also starts with IT's managed settings for the extension in Firefox's policies
// (`3rdparty.Extensions.<id>`), which the options page shows as set by the organisation, and the
// panel on a page that is no deal offers no address to add. One browser, one walk.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FIREFOX_EXTENSION_ID,
  firefoxOrigin,
} from '../../electron/companion/registration/extension-ids';
import {
  startCompanionFixture,
  type CompanionFixture,
} from '../integration/companion/fixtures/companion-host';
import { demoCrmDeals } from '../support/demo-crm-deals';
import { startCrmPages, type CrmPages } from '../extension/crm-pages';
import {
  EXTENSION_BASE,
  evaluate,
  firefoxMissing,
  launchFirefox,
  navigate,
  policiesBlocked,
  tabIdShowing,
  twoTabs,
  waitFor,
  type FirefoxWithExtension,
} from './firefox';

const ORIGIN = firefoxOrigin(FIREFOX_EXTENSION_ID);
const dealAddress = (id: string) =>
  `https://acme.lightning.force.com/lightning/r/Opportunity/${id}/view`;
const missing = firefoxMissing();
const noPolicies = policiesBlocked();
// A Dynamics host: one for Salesforce would make the walk's Lightning host another company's.
const MANAGED_HOST = 'crm.globex.test';

describe.skipIf(missing !== undefined)(
  `the companion in Firefox${missing ? ` (skipped: ${missing})` : ''}`,
  () => {
    const [first, second] = demoCrmDeals(2).filter((d) => d.crm === 'salesforce');
    let fixture: CompanionFixture;
    let pages: CrmPages;
    let firefox: FirefoxWithExtension;
    const asked: { origin: string; browser: string | undefined }[] = [];

    beforeAll(async () => {
      fixture = await startCompanionFixture({
        folderPrefix: 'firefox-walk-',
        demo: { profile: 'salesforce', pacing: 2_000 },
        host: {
          allowedOrigins: [ORIGIN],
          onPairingRequest: ({ origin, browser }) => asked.push({ origin, browser }),
        },
      });
      pages = await startCrmPages();
      firefox = await launchFirefox({
        crmPort: pages.port,
        env: {
          ASSISTANT_COMPANION_SOCKET: fixture.socketPath,
          // No launch file there: the relay never starts an app of its own.
          ASSISTANT_COMPANION_DIR: `${fixture.work}/no-launch-file`,
        },
        ...(noPolicies === undefined
          ? {
              policies: {
                '3rdparty': {
                  Extensions: {
                    [FIREFOX_EXTENSION_ID]: {
                      crmDomains: [{ host: MANAGED_HOST, crm: 'dynamics' }],
                      allowUserDomains: false,
                    },
                  },
                },
              },
            }
          : {}),
      });
    });

    afterAll(async () => {
      await firefox?.close();
      await pages?.close();
      await fixture?.stop();
    });

    it('a Salesforce deal’s tab, its sidebar page, Allow as Firefox, an answer asked and streamed, the next deal', async () => {
      if (first === undefined || second === undefined)
        throw new Error('The demo has too few deals.');
      const { bidi } = firefox;
      const [crmTab, panelTab] = await twoTabs(bidi);
      const address = dealAddress(first.shownId);
      await navigate(bidi, crmTab, address);

      // The background (an event page) read the tab and gave it its own sidebar page.
      await navigate(bidi, panelTab, `${EXTENSION_BASE}/options.html`);
      const tabId = await tabIdShowing(bidi, panelTab, address);
      await waitFor(
        () => evaluate(bidi, panelTab, `browser.sidebarAction.getPanel({ tabId: ${tabId} })`),
        (panel) => panel === `${EXTENSION_BASE}/panel.html?tab=${tabId}`,
        'the deal tab’s sidebar page',
      );

      await navigate(bidi, panelTab, `${EXTENSION_BASE}/panel.html?tab=${tabId}`);
      const text = (selector: string) =>
        evaluate(
          bidi,
          panelTab,
          `document.querySelector(${JSON.stringify(selector)})?.textContent ?? ''`,
        );
      // Not yet allowed: the panel says what to do, and the app asked once, naming Firefox.
      await waitFor(
        () => text('[role=status]'),
        (s) => String(s).includes('choose Allow'),
        'the Allow notice',
      );
      expect(asked).toEqual([{ origin: ORIGIN, browser: 'firefox' }]);
      await fixture.host.allow(ORIGIN);
      await waitFor(
        () => text('h1'),
        (s) => s === first.deal.title,
        'the deal’s heading',
      );

      // Slowly at first, so the answer is seen arriving while the run goes on.
      fixture.demo.control.setPacing(20);
      await evaluate(
        bidi,
        panelTab,
        `(() => {
        const field = document.querySelector('textarea');
        const set = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value').set;
        set.call(field, 'What should I do next on this deal?');
        field.dispatchEvent(new Event('input', { bubbles: true }));
        [...document.querySelectorAll('button')].find((b) => b.textContent.trim() === 'Ask').click();
      })()`,
      );
      await waitFor(
        () =>
          evaluate(
            bidi,
            panelTab,
            `(() => { const a = document.querySelector('.panel-answer-text'); return a && [a.getAttribute('aria-busy'), a.textContent.length]; })()`,
          ),
        (state) => Array.isArray(state) && state[0] === 'true' && Number(state[1]) > 0,
        'part of the answer while the run goes on',
      );
      fixture.demo.control.setPacing(2_000);
      await waitFor(
        () => text('[data-run-id] [role=status]'),
        (s) => s === 'Done',
        'the answer’s end',
        30_000,
      );
      const runId = await evaluate(
        bidi,
        panelTab,
        `document.querySelector('[data-run-id]').getAttribute('data-run-id')`,
      );
      const transcript = await fixture.backend.handlers['runs.transcript'](
        { runId: String(runId) },
        { host: 'test' },
      );
      // The same words as the run's transcript, rendered: list numbers and a code block's
      // language are the markup's, not text.
      const words = (value: unknown) => String(value).replace(/[^\p{L}\p{N}]+/gu, '');
      const rendered = String(transcript?.text)
        .replace(/^\s*\d+\.\s/gm, '')
        .replace(/^```\w+$/gm, '');
      expect(words(await text('.panel-answer-text'))).toBe(words(rendered));
      expect(words(transcript?.text).length).toBeGreaterThan(0);

      // The CRM's single-page navigation to another deal switches the panel.
      await evaluate(
        bidi,
        crmTab,
        `history.pushState({}, '', ${JSON.stringify(dealAddress(second.shownId))})`,
      );
      await waitFor(
        () => text('h1'),
        (s) => s === second.deal.title,
        'the next deal’s heading',
      );
    });

    it.skipIf(noPolicies !== undefined)(
      `IT's settings in Firefox's policies reach the extension's managed storage${noPolicies ? ` (skipped: ${noPolicies})` : ''}`,
      async () => {
        const { bidi } = firefox;
        const [, optionsTab] = await twoTabs(bidi);
        await navigate(bidi, optionsTab, `${EXTENSION_BASE}/options.html`);
        expect(await evaluate(bidi, optionsTab, 'browser.storage.managed.get(null)')).toEqual({
          crmDomains: [{ host: MANAGED_HOST, crm: 'dynamics' }],
          allowUserDomains: false,
        });
        const page = await waitFor(
          () => evaluate(bidi, optionsTab, 'document.body.innerText'),
          (value) => String(value).includes(MANAGED_HOST),
          'the options page listing the organisation’s host',
        );
        expect(String(page)).toContain('Set by your organisation');
        expect(String(page)).toContain('you can’t add others');

        // A CRM page that is no deal: the panel says so, and offers no address of the user's own
        // to add, since IT allows only its own.
        const [crmTab] = await twoTabs(bidi);
        const home = 'https://acme.lightning.force.com/lightning/page/home';
        await navigate(bidi, crmTab, home);
        const tabId = await tabIdShowing(bidi, optionsTab, home);
        await navigate(bidi, optionsTab, `${EXTENSION_BASE}/panel.html?tab=${tabId}`);
        const panel = await waitFor(
          () => evaluate(bidi, optionsTab, 'document.body.innerText'),
          (value) => String(value).includes('This page isn’t a deal'),
          'the panel on a page that is no deal',
        );
        expect(String(panel)).not.toContain('Add your company’s CRM address');
      },
    );
  },
);
