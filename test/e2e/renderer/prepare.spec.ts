// Prepare prepares: the next meeting's card on Today (the meeting in one line, what is at stake,
// who comes, risks) fits a small laptop's screen with nothing clipped, and its Prepare starts the
// prep agent on the meeting's deal, the answer streaming on the card, as the meeting's one prep.
import type { Page } from '@playwright/test';
import { startApp, type RunningApp } from '../support/app';
import { expect, test } from '../support/fixtures';

let app: RunningApp;
test.beforeAll(async () => {
  app = await startApp();
});
test.afterAll(async () => {
  await app.stop();
});

test.use({ viewport: { width: 1024, height: 640 } });

interface DemoMeeting {
  title: string;
  dealId: string;
  attendees: { name: string; email: string }[];
}

async function demoMeeting(): Promise<DemoMeeting> {
  const response = await fetch(`${app.demo.baseUrl}/briefings/meeting`, {
    headers: { cookie: `sb-access-token=${app.demo.token}` },
  });
  return ((await response.json()) as { data: DemoMeeting }).data;
}

/** Every element inside `selector` whose content is wider than its box (clipped or overflowing). */
function overflowing(page: Page, selector: string): Promise<string[]> {
  return page
    .locator(selector)
    .evaluate((card) =>
      [card, ...card.querySelectorAll('*')]
        .filter((el) => el.scrollWidth > el.clientWidth + 1 && el.clientWidth > 0)
        .map(
          (el) => `${el.tagName.toLowerCase()}.${el.className}: ${el.textContent?.slice(0, 60)}`,
        ),
    );
}

test('the meeting card says what the meeting is about and fits at 1024×640', async ({ page }) => {
  const meeting = await demoMeeting();
  await app.open(page, '#/today');
  const card = page.getByRole('region', { name: /^Next meeting/ });
  await expect(card.getByRole('heading', { level: 2 })).toHaveText(meeting.title);
  // What is at stake, from the deal; who comes, with their role.
  const stake = card.getByRole('region', { name: 'What is at stake' });
  await expect(stake).toContainText('Amount');
  await expect(stake).toContainText('Next step');
  const people = card.getByRole('region', { name: 'Who is coming' }).getByRole('listitem');
  await expect(people).toHaveCount(meeting.attendees.length);
  await expect(card.getByRole('region', { name: 'Risks' })).toBeVisible();
  for (const person of meeting.attendees) await expect(card).toContainText(person.email);

  expect(await overflowing(page, '.briefing-meeting')).toEqual([]);
});

test('Prepare on Today starts the prep agent on the meeting’s deal, its answer streaming on the card', async ({
  page,
}) => {
  const meeting = await demoMeeting();
  // Slow enough to see the answer arrive word by word.
  app.demo.control.setPacing(3);
  await app.open(page, '#/today');
  const card = page.getByRole('region', { name: /^Next meeting/ });
  await card.getByRole('button', { name: 'Prepare', exact: true }).click();

  const answer = card.locator('article.run');
  await expect(answer).toBeVisible();
  const runId = (await answer.getAttribute('data-run-id')) ?? '';
  const run = app.demo.control.getRun(runId);
  // No agent was chosen in Settings: the demo's coach is the one suggested.
  expect(run?.agentId).toBe('sales.deal_coach');
  expect(run?.context).toMatchObject({ dealId: meeting.dealId });
  // Streaming: words show while the run is still going (Cancel is offered only then).
  await expect(answer.getByRole('button', { name: /Cancel/ })).toBeVisible();
  const output = answer.locator('.output, [aria-label^="Output of"]').first();
  await expect
    .poll(async () => ((await output.textContent()) ?? '').trim().length)
    .toBeGreaterThan(20);
  await expect(answer.getByRole('button', { name: /Cancel/ })).toBeVisible();
  await expect(answer).toBeInViewport();
  // The card shows the answer itself: no line about the meeting's prep beside it.
  await expect(card.getByText('Preparing this meeting for you now…')).toHaveCount(0);

  // It is the meeting's one prep: a page opened afresh (or the automatic prep at its time) finds
  // it being prepared, and offers to read it, which shows the same answer instead of another run.
  const runsStarted = app.demo.control.usage().runs.count;
  await page.reload();
  await expect(card.getByText('Preparing this meeting for you now…')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Prepare', exact: true })).toHaveCount(0);
  // "Up next" at the top says the same as the card.
  const upNext = page.getByRole('region', { name: `Up next ${meeting.title}` });
  await expect(upNext.getByRole('button', { name: 'Read the prep' })).toBeVisible();
  await expect(upNext.getByRole('button', { name: 'Prepare', exact: true })).toHaveCount(0);
  await card.getByRole('button', { name: 'Read the prep' }).click();
  await expect(answer).toHaveAttribute('data-run-id', runId);
  await expect(card.getByText('Preparing this meeting for you now…')).toHaveCount(0);
  expect(app.demo.control.usage().runs.count).toBe(runsStarted);
  app.demo.control.setPacing('instant');
});
