// The tour's walk, as a salesperson goes: Today with the next meeting's prep card, the deals, a
// deal's page, an answer streaming, done and failed, the answer's own page (and its details for
// IT), Answers, Settings, Usage with a quota warning, the inbox, the palette, an expired session.
// Every name it looks for is the app's own message in the language on screen (words.ts); what the
// demo service writes (agents' names, a briefing's headline, an answer's text) stays the
// service's, in English.
import type { Locator, Page } from '@playwright/test';
import type { Translator } from '../../../electron/domain/i18n/translator';
import type { RunningApp } from '../support/app';
import { openDetailsForIt } from '../renderer/helpers';
import { oneOf, startingWith, withAnyValue } from './words';

export interface Tour {
  app: RunningApp;
  page: Page;
  t: Translator['t'];
  /** Writes the screen as it is, under `name`. */
  shoot(name: string): Promise<void>;
}

type Screen = 'today' | 'deals' | 'runs' | 'usage' | 'settings';

function nav({ page, t }: Tour, screen: Screen): Locator {
  return page
    .getByRole('navigation', { name: t('app.sidebar.mainNavigation') })
    .getByRole('link', { name: t(`app.screen.${screen}`), exact: true });
}

function toasts({ page, t }: Tour): Locator {
  return page.getByRole('region', { name: t('notifications.toasts.label') });
}

/** Closes the toasts shown so far (a morning briefing's, at this time of day), so the screen shows. */
async function dismissToasts(tour: Tour): Promise<void> {
  const dismiss = withAnyValue((title) => tour.t('notifications.toasts.dismiss', { title }));
  const close = toasts(tour).getByRole('button', { name: dismiss });
  while ((await close.count()) > 0) await close.first().click();
}

/** Scrolls the page so that `target` is at the top of the view (a live answer does not, by design). */
async function scrollToTop(target: Locator): Promise<void> {
  await target.evaluate((el) => el.scrollIntoView({ block: 'start' }));
}

async function openDeal(tour: Tour, query: string): Promise<void> {
  const { page, t } = tour;
  await nav(tour, 'deals').click();
  const search = page.getByRole('combobox', { name: t('deals.picker.searchLabel') });
  await search.fill(query);
  await page.getByRole('option').first().waitFor();
  await search.press('Enter');
  await page.getByRole('heading', { level: 2, name: new RegExp(query, 'i') }).waitFor();
}

/** The run panel of the answer an agent (by the service's name for it) is writing. */
function runOf({ page, t }: Tour, agent: string): Locator {
  return page.getByRole('article', { name: t('runs.panel.label', { agent }) }).first();
}

async function ask(tour: Tour, agent: string, message: string): Promise<Locator> {
  const { page, t } = tour;
  await page.getByLabel(t('deals.ask.agentLabel'), { exact: true }).selectOption({ label: agent });
  await page.getByRole('textbox', { name: t('deals.ask.messageLabel') }).fill(message);
  await page.getByRole('button', { name: t('deals.ask.submit'), exact: true }).click();
  const run = runOf(tour, agent);
  await run.waitFor({ timeout: 60_000 });
  return run;
}

export async function walk(tour: Tour): Promise<void> {
  await morning(tour);
  await answers(tour);
  await screens(tour);
  await sessionEnds(tour);
}

async function morning(tour: Tour): Promise<void> {
  const { app, page, t } = tour;
  app.demo.control.setPacing('realtime');
  app.demo.control.setLimits({ requests: null, runs: 100, tokens: 1_000_000 });
  // A team well within its quota until the Usage screen, where it passes 80 % of its runs.
  app.demo.control.setUsage({
    runs: 41,
    requests: 1200,
    inputTokens: 212_000,
    outputTokens: 148_000,
  });

  await app.open(page, '#/today');
  // Named by its kind ("Morning briefing") and the service's headline.
  await page.getByRole('region', { name: startingWith(t('briefings.today.morning')) }).waitFor();
  await page.getByRole('region', { name: t('briefings.prep.whoIsComing') }).waitFor();
  // The toasts' own look is shown on the Usage screen below.
  await page.waitForTimeout(1_000);
  await dismissToasts(tour);
  await tour.shoot('01-today');

  await nav(tour, 'deals').click();
  // At 1024×640 the list has the screen to itself; wider, the deals closing soonest are beside it.
  await page
    .getByRole('listbox', { name: t('deals.picker.listLabel') })
    .getByRole('option')
    .first()
    .waitFor();
  await tour.shoot('02-deals');

  await openDeal(tour, 'Harbour');
  await page.getByRole('group', { name: t('deals.suggested.label') }).waitFor();
  await tour.shoot('03-deal');
}

async function answers(tour: Tour): Promise<void> {
  const { page, t } = tour;
  // A suggested question fills the form and picks the agent for it.
  await page.getByRole('button', { name: t('deals.suggested.followUpLabel') }).click();
  await page.getByRole('button', { name: t('deals.ask.submit'), exact: true }).click();
  const draft = runOf(tour, 'Email writer');
  // The demo's email, written in English whatever the app's language.
  await draft.getByText('Friendly', { exact: true }).waitFor({ timeout: 60_000 });
  await scrollToTop(draft);
  await tour.shoot('04-answer-streaming');
  const done = t('runs.status.done');
  await draft.getByText(done, { exact: true }).waitFor({ timeout: 60_000 });
  await draft
    .getByRole('button', { name: t('runs.actions.copyEmail') })
    .last()
    .scrollIntoViewIfNeeded();
  await tour.shoot('05-answer-done');

  const failing = await ask(tour, 'Objection handler', 'They say we are too expensive #fail');
  const failedBecause = withAnyValue((reason) => t('runs.status.failedBecause', { reason }));
  await failing
    .getByText(t('runs.status.failed'), { exact: true })
    .or(failing.getByText(failedBecause))
    .first()
    .waitFor({ timeout: 60_000 });
  await failing.getByRole('alert').first().scrollIntoViewIfNeeded();
  await tour.shoot('06-answer-failed');

  // Listed by its question: the suggested one, in the language in use.
  await page
    .getByRole('link', { name: t('deals.suggested.followUpMessage') })
    .first()
    .click();
  const answer = page.getByRole('article').first();
  await answer.getByText(done, { exact: true }).waitFor();
  await tour.shoot('07-answer-page');
  // What IT asks for, folded away on the salesperson's path.
  await openDetailsForIt(answer);
  await page.getByRole('region', { name: t('runs.record.title') }).waitFor();
  await scrollToTop(answer.locator('details.details-it').first());
  await tour.shoot('08-answer-details-for-it');
}

async function screens(tour: Tour): Promise<void> {
  const { app, page, t } = tour;
  await nav(tour, 'runs').click();
  await page
    .getByRole('region', { name: t('runs.history.title') })
    .getByRole('table')
    .waitFor();
  await tour.shoot('09-answers');

  await nav(tour, 'settings').click();
  await page.getByRole('region', { name: t('account.session.title') }).waitFor();
  await tour.shoot('10-settings');

  await nav(tour, 'usage').click();
  await page.getByRole('meter', { name: t('usage.quota.runs') }).waitFor();
  // 83 of 100 runs: the host warns (back online is one of the moments it checks).
  app.demo.control.setUsage({ runs: 83 });
  const warned = app.nextEvent('inbox.changed', (inbox) => inbox.unread > 0);
  app.mode.backend.onNetworkChange(true);
  await warned;
  await page
    .getByRole('main')
    .getByRole('button', { name: t('app.freshness.refresh'), exact: true })
    .click();
  await toasts(tour).getByRole('status').waitFor();
  await tour.shoot('11-usage');

  // The bell is named by its unread count, whatever it has come to.
  const counts = Array.from({ length: 50 }, (_, count) => count + 1);
  const bell = oneOf([
    t('notifications.inbox.title'),
    ...counts.map((count) => t('notifications.inbox.bellUnread', { count })),
  ]);
  await page
    .getByRole('complementary', { name: t('app.sidebar.label') })
    .getByRole('button', { name: bell })
    .click();
  await page
    .getByRole('dialog', { name: t('notifications.inbox.title') })
    .getByRole('button')
    .first()
    .waitFor();
  await tour.shoot('12-inbox');
  await page.keyboard.press('Escape');
  await dismissToasts(tour);

  await page.keyboard.press('Control+k');
  await page.getByRole('combobox', { name: t('app.palette.search') }).waitFor();
  await page.keyboard.type('ca');
  await page
    .getByRole('dialog', { name: t('app.palette.label') })
    .getByRole('option')
    .first()
    .waitFor();
  await tour.shoot('13-command-palette');
  await page.keyboard.press('Escape');
}

async function sessionEnds(tour: Tour): Promise<void> {
  const { app, page, t } = tour;
  app.demo.control.expireSession(app.demo.token);
  await nav(tour, 'today').click();
  const what = t('briefings.today.morningInSentence');
  await page.getByRole('button', { name: t('app.freshness.refreshWhat', { what }) }).click();
  const banner = page
    .getByRole('alert')
    .filter({ hasText: t('app.banner.sessionExpired') })
    .first();
  await banner.waitFor();
  await tour.shoot('14-session-expired');
  await banner.getByRole('button', { name: t('app.banner.signInAgain') }).click();
  await page.getByRole('dialog', { name: t('account.signIn.label') }).waitFor();
  await tour.shoot('15-sign-in');
}
