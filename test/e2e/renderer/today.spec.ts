// Today: up next, the morning briefing and the next meeting, rendered from their fields; deals and
// meetings as links in the user's time zone, no identifiers as text, at a desktop's and a small
// laptop's size in both themes; a start while the service is down shows the saved briefing.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startBrowserMode } from '../../../electron/web/browser-mode';
import { startApp } from '../support/app';
import { expect, test } from '../support/fixtures';
import { LOOKS } from '../support/looks';

test('Today shows both briefings, rendered, with deal references that open the deal', async ({
  app,
  page,
}) => {
  await app.open(page, '#/today');
  await expect(page.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible();

  const morning = page.getByRole('region', { name: /Good morning/ });
  await expect(morning).toBeVisible();
  // Markdown is rendered, not shown raw.
  await expect(morning.getByText('**')).toHaveCount(0);
  await expect(morning.locator('strong').first()).toBeVisible();
  await expect(
    morning.getByRole('heading', { name: 'Closing in the next three weeks', exact: true }),
  ).toBeVisible();
  await expect(morning.getByRole('table').first()).toBeVisible();
  await expect(morning.getByText(/Updated/).first()).toBeVisible();

  const meeting = page.getByRole('region', { name: /call|demo|meeting|review/i }).last();
  await expect(meeting.getByRole('heading', { name: 'Agenda' })).toBeVisible();

  // The deal the summary singles out is a link to it, not bold text.
  const urgent = morning.locator('.brief-body').getByRole('link').first();
  const dealName = (await urgent.textContent()) ?? '';
  expect(dealName.length).toBeGreaterThan(4);
  await urgent.click();
  await expect(page).toHaveURL(/#\/deals\/[0-9a-f-]+$/);
  await expect(page.getByRole('heading', { level: 2, name: dealName })).toBeVisible();
});

test('the meeting card carries the brief, cut to its first lines, and links a deal its title names', async ({
  app,
  page,
}) => {
  await app.open(page, '#/today');
  const card = page.getByRole('region', { name: /^Next meeting/ });
  const brief = card.getByRole('region', { name: 'Brief' });
  // Rendered as an answer is: bold and a numbered list, no markdown signs.
  await expect(brief.locator('strong').first()).toBeVisible();
  await expect(brief.locator('ol > li')).toHaveCount(4);
  await expect(brief.getByText('**')).toHaveCount(0);
  // Long, so cut: the last step is below the cut until the whole brief is asked for.
  const whole = brief.getByRole('button', { name: 'Read the whole brief' });
  const lastStep = brief.getByText(/^Close on a date/);
  // With the cut brief and its button in view, the last step is hidden by the cut, not the page.
  await whole.scrollIntoViewIfNeeded();
  await expect(brief.getByRole('heading', { name: 'Brief' })).toBeInViewport();
  await expect(lastStep).not.toBeInViewport();
  await whole.click();
  await expect(brief.getByRole('button', { name: 'Show fewer' })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  await lastStep.scrollIntoViewIfNeeded();
  await expect(lastStep).toBeInViewport();

  // A calendar's meeting names its deal only in its title: linked by name, Prepare offered.
  app.demo.control.setMeetingDealInTitle(true);
  await card.getByRole('button', { name: 'Refresh next meeting' }).click();
  const cookie = { cookie: `sb-access-token=${app.demo.token}` };
  const sent = await fetch(`${app.demo.baseUrl}/briefings/meeting`, { headers: cookie })
    .then((r) => r.json() as Promise<{ data: { title: string; dealId?: string } }>)
    .then((b) => b.data);
  expect(sent.dealId).toBeUndefined();
  const dealName = sent.title.replace(/ pricing call$/, '');
  const named = page.getByRole('region', { name: /^Next meeting/ });
  await expect(named.getByText('(matched by name)')).toBeVisible();
  await expect(named.getByRole('button', { name: 'Prepare', exact: true })).toBeVisible();
  await named.getByRole('link', { name: dealName, exact: true }).click();
  await expect(page.getByRole('heading', { level: 2, name: dealName })).toBeVisible();
});

interface DemoMeeting {
  id: string;
  title: string;
  startsAt: string;
  dealId: string;
  dealName: string;
}

for (const look of LOOKS) {
  test.describe(`Today as a to-do list at ${look.name}`, () => {
    test.use({
      ...look.use,
      timezoneId: 'Asia/Tokyo',
      locale: 'en-GB',
    });

    test('the next meeting is up top in the user’s time zone, meetings and deals are links, no ids', async ({
      app,
      page,
    }) => {
      const cookie = { cookie: `sb-access-token=${app.demo.token}` };
      const next = await fetch(`${app.demo.baseUrl}/briefings/meeting`, { headers: cookie })
        .then((r) => r.json() as Promise<{ data: DemoMeeting }>)
        .then((b) => b.data);
      const local = (iso: string) =>
        new Intl.DateTimeFormat('en-GB', { timeStyle: 'short', timeZone: 'Asia/Tokyo' }).format(
          new Date(iso),
        );
      await app.open(page, '#/today');

      // Up next is on the first screen, whatever the size: title, local time, how soon.
      const upNext = page.getByRole('region', { name: `Up next ${next.title}` });
      await expect(upNext).toBeInViewport();
      await expect(upNext).toContainText(`${local(next.startsAt)} (in `);
      // The title is isolated, so a right-to-left name cannot reorder the time after it.
      await expect(upNext.locator('bdi').first()).toHaveText(next.title);
      await expect(upNext.getByRole('link', { name: next.dealName })).toBeVisible();

      const morning = page.getByRole('region', { name: /Good morning/ });
      const meetings = morning.getByRole('list', { name: /meetings/i });
      await expect(meetings.getByRole('listitem')).toHaveCount(4);
      // The earlier meeting is over and says so; the next one is listed at its local time.
      await expect(meetings.getByRole('listitem').first()).toContainText('over');
      // Found by title and local time together: two meetings of a day may share a title (the
      // demo's calendar picks each meeting's deal from its start time, so some days repeat one).
      const row = meetings
        .getByRole('listitem')
        .filter({ hasText: next.title })
        .filter({ hasText: local(next.startsAt) });
      await expect(row).toHaveCount(1);
      await expect(row.getByRole('link', { name: next.dealName })).toBeVisible();
      // Times in the text are local too, and no identifier is shown as text.
      const main = page.getByRole('main');
      await expect(main).not.toContainText('UTC');
      await expect(main).not.toContainText(next.id);
      expect(await main.innerText()).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/);
      // Deal chips do not repeat deals the text already links.
      const chips = await morning.locator('.deal-chip').allTextContents();
      expect(new Set(chips).size).toBe(chips.length);

      // Prepare starts the prep answer, shown (in view and focus) on the meeting's card.
      await upNext.getByRole('button', { name: 'Prepare' }).click();
      const answer = page.getByRole('region', { name: /^Next meeting/ }).locator('article.run');
      await expect(answer).toBeFocused();
      await expect(answer).toBeInViewport();
    });
  });
}

test('a start while the service is down shows the saved briefing, marked as such', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const dataDir = await mkdtemp(join(tmpdir(), 'assistant-e2e-offline-'));
  try {
    const first = await startApp({ dataDir });
    const baseUrl = first.demo.baseUrl;
    let headline: string;
    try {
      await first.open(page, '#/today');
      const title = page
        .getByRole('region', { name: /Good morning/ })
        .getByRole('heading', { level: 2 });
      await expect(title).toBeVisible();
      headline = (await title.textContent()) ?? '';
    } finally {
      await first.stop();
    }

    // Same data directory and service address, but nothing answers there any more.
    const mode = await startBrowserMode({
      port: 0,
      dataDir,
      rendererDir: join(process.cwd(), 'out', 'renderer'),
      baseUrl,
      token: 'expired-or-not-it-cannot-be-checked',
      scheduler: false,
    });
    try {
      await page.goto(mode.urlFor('#/today'));
      const morning = page.getByRole('region', { name: /Good morning/ });
      await expect(morning.getByRole('heading', { level: 2 })).toHaveText(headline);
      await expect(morning.getByText('Saved copy')).toBeVisible();
      await expect(
        page.getByRole('status').filter({ hasText: /Can’t reach the service since/ }),
      ).toBeVisible();
    } finally {
      await mode.stop();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
});
