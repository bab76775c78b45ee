// Settings: the account and service from the metadata, inline validation, the theme override,
// and diagnostics for IT.
import { expect, test } from '../support/fixtures';
import { nav, openAdvanced, savedSettings } from './helpers';

test.use({ colorScheme: 'light' });

test('shows the service, validates inline and overrides the theme', async ({ app, page }) => {
  await app.open(page, '#/settings');
  // What a salesperson changes comes first; the service's details wait under Advanced.
  await expect(page.getByRole('region', { name: 'Account and service' })).toBeHidden();
  await openAdvanced(page);
  const service = page.getByRole('region', { name: 'Account and service' });
  await expect(service.getByText('Northwind Demo Sales')).toBeVisible();
  await expect(service.getByText('Demo', { exact: true })).toBeVisible();
  await expect(service.getByText('runs:write')).toBeVisible();
  await expect(service.getByText('This service does not offer API tokens.')).toBeVisible();

  // A wrong sign-in address is refused next to the field, and nothing is saved. (The service
  // address itself: service-change.spec.ts.)
  const connection = page.getByRole('region', { name: 'Service connection' });
  const signIn = connection.getByLabel('Sign-in page');
  await signIn.fill('ftp://files.example.com/login');
  await connection.getByRole('button', { name: 'Save connection' }).click();
  await expect(connection.getByText('Enter an https:// address.')).toBeVisible();
  await expect(signIn).toHaveAttribute('aria-invalid', 'true');
  // Plain http to another computer would expose the password and session: refused too.
  await signIn.fill('http://crm.example.com/login');
  await connection.getByRole('button', { name: 'Save connection' }).click();
  await expect(connection.getByText(/plain http is allowed only on this computer/)).toBeVisible();
  // A user name and password in the address would be stored and logged: refused, saying why.
  await signIn.fill('https://sam:hunter2@crm.example.com/login');
  await connection.getByRole('button', { name: 'Save connection' }).click();
  await expect(
    connection.getByText(/Leave the user name and password out of the address/),
  ).toBeVisible();
  await expect(signIn).toHaveAttribute('aria-invalid', 'true');
  await signIn.fill('');

  const notifications = page.getByRole('region', { name: 'Notifications', exact: true });
  const morningAt = notifications.getByLabel('Morning briefing at');
  await morningAt.fill('25:00');
  await morningAt.press('Enter');
  await expect(
    notifications.getByText('There is no hour 25: a day’s hours go from 0 to 23.'),
  ).toBeVisible();
  // A time as people write it is taken, and saved as the settings keep it.
  await morningAt.fill('9am');
  await morningAt.press('Enter');
  await expect(morningAt).toHaveValue('09:00');
  await expect(notifications.getByText(/There is no hour/)).toHaveCount(0);
  await expect.poll(async () => (await savedSettings(app)).notifications.morningTime).toBe('09:00');

  // The OS says light; the user chooses dark, and it stays dark after a reload.
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await page.getByRole('radio', { name: 'Dark' }).check();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.getByRole('radio', { name: 'Match the system' }).check();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');

  // Diagnostics: copied, or shown for copying by hand where the clipboard is not allowed.
  await openAdvanced(page);
  await page.getByRole('button', { name: 'Copy diagnostics' }).click();
  await expect(
    page.getByText('Diagnostics copied').or(page.getByRole('textbox', { name: 'Diagnostics' })),
  ).toBeVisible();
});

test('says which desktop features browser mode lacks, and why, instead of failing silently', async ({
  app,
  page,
}) => {
  await app.open(page, '#/settings');
  const desktop = page.getByRole('region', { name: 'On this computer' });
  const features = desktop.getByRole('list', { name: 'Desktop features' });
  const line = (label: string) => features.getByRole('listitem').filter({ hasText: label });
  await expect(line('Tray icon')).toContainText('Not available. Browser mode has no tray icon');
  await expect(line('Global shortcut')).toContainText(
    'Not available. A browser page cannot register shortcuts outside itself',
  );
  await expect(line('Open at login')).toContainText(
    'Not available. Browser mode cannot start at login',
  );
  await expect(line("System's Do not disturb")).toContainText('Not available.');
  await expect(line('Notifications')).toContainText('Available. Shown inside the page');
  await expect(line('Updates')).toContainText('Not available. Browser mode does not update itself');

  // The settings it concerns are there, switched off, with the reason next to them.
  const system = page.getByRole('region', { name: 'System' });
  const launch = system.getByRole('checkbox', { name: 'Open Assistant when I log in' });
  await expect(launch).toBeDisabled();
  await expect(launch).toHaveAccessibleDescription(/only the desktop app can/i);
  const shortcut = system.getByRole('textbox', { name: 'Global shortcut' });
  await expect(shortcut).toBeDisabled();
  await expect(shortcut).toHaveAccessibleDescription(
    /Only the desktop app can have a global shortcut/,
  );

  // Do not disturb and each kind of notification can be switched here.
  const notifications = page.getByRole('region', { name: 'Notifications', exact: true });
  await expect(notifications.getByRole('checkbox', { name: /Do not disturb/ })).toBeVisible();
  for (const kind of [
    'Morning briefing',
    'Meeting briefings',
    'Quota warnings',
    /^Answers ready/,
  ]) {
    await expect(notifications.getByRole('checkbox', { name: kind })).toBeChecked();
  }
});

test('notification settings save themselves: a switch at once, a typed value when it is left', async ({
  app,
  page,
}) => {
  await app.open(page, '#/settings');
  const notifications = page.getByRole('region', { name: 'Notifications', exact: true });
  await expect(notifications.getByRole('button', { name: /^Save/ })).toHaveCount(0);

  // Before any choice the prep agent shown is the app's guess by name, and says so; once chosen,
  // the guess is no longer mentioned.
  const prep = notifications.getByLabel('Prepare meetings with');
  await expect(prep).toHaveValue('sales.deal_coach');
  await expect(notifications.getByText(/Suggested by its name until you choose one/)).toBeVisible();
  await prep.selectOption('sales.email_writer');
  await expect
    .poll(async () => (await savedSettings(app)).notifications.prepAgentId)
    .toBe('sales.email_writer');
  await expect(notifications.getByText(/Suggested by its name/)).toHaveCount(0);

  // A switch saves itself, and stays switched after a reload.
  await notifications.getByRole('checkbox', { name: 'Quota warnings' }).uncheck();
  await expect(notifications.getByRole('status')).toHaveText('Saved.');
  await expect.poll(async () => (await savedSettings(app)).notifications.enabled.quota).toBe(false);

  // A wrong value is refused beside its field when the field is left, and is not saved...
  const lead = notifications.getByLabel('Minutes before a meeting');
  await lead.fill('999');
  await lead.press('Tab');
  await expect(notifications.getByText('Enter 240 or less.')).toBeVisible();
  // ...and another switch saving itself meanwhile neither sends it nor hides its error.
  await notifications.getByRole('checkbox', { name: 'Sat' }).check();
  await expect(notifications.getByRole('status')).toHaveText('Saved.');
  await expect
    .poll(async () => (await savedSettings(app)).notifications.morningDays)
    .toContain('sat');
  expect((await savedSettings(app)).notifications.meetingLeadMinutes).not.toBe(999);
  await expect(notifications.getByText('Enter 240 or less.')).toBeVisible();

  // A typed value still in its field when the screen is left is saved, not dropped.
  await lead.fill('45');
  // (Ctrl+4 goes to Usage with the field still focused: no blur saves it.)
  await page.keyboard.press('Control+4');
  await expect(page.getByRole('heading', { level: 1, name: 'Usage' })).toBeVisible();
  await expect
    .poll(async () => (await savedSettings(app)).notifications.meetingLeadMinutes)
    .toBe(45);

  await nav(page, 'Settings').click();
  await page.reload();
  await expect(notifications.getByRole('checkbox', { name: 'Quota warnings' })).not.toBeChecked();
  await expect(notifications.getByLabel('Minutes before a meeting')).toHaveValue('45');
});

test('pasting a token is explained in plain words, with the technical part for IT', async ({
  app,
  page,
}) => {
  await app.open(page, '#/settings');
  await page.getByRole('button', { name: 'Paste a session token' }).click();
  await page.getByText('How do I get a session token?').click();
  const howTo = page.locator('details.token-howto');
  await expect(howTo).toContainText('Ask your IT team');
  await expect(howTo).toContainText('Treat it like a password');
  await expect(howTo.getByText('For IT:')).toBeVisible();
});

// The morning briefing's days follow the week of the place until the user ticks some: the days
// listed from the week's first day, those worked ticked, and core obeying the same days.
const places = [
  {
    place: 'Berlin',
    locale: 'de-DE',
    timezoneId: 'Europe/Berlin',
    legend: 'An diesen Tagen',
    first: 'mon',
    workingDays: ['mon', 'tue', 'wed', 'thu', 'fri'],
  },
  {
    place: 'Riyadh',
    locale: 'ar-SA',
    timezoneId: 'Asia/Riyadh',
    legend: 'في هذه الأيام',
    first: 'sun',
    workingDays: ['sun', 'mon', 'tue', 'wed', 'thu'],
  },
] as const;

for (const { place, locale, timezoneId, legend, first, workingDays } of places) {
  test.describe(`in ${place}`, () => {
    test.use({ locale, timezoneId });

    test(`the morning briefing's days are ${place}'s working week, listed from its first day`, async ({
      app,
      page,
    }) => {
      await app.open(page, '#/settings');
      const days = page.getByRole('group', { name: legend }).getByRole('checkbox');
      // 4 January 1970 was a Sunday: the day's short name as the page writes it.
      const dayName = (day: string) =>
        new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' }).format(
          Date.UTC(1970, 0, ['sun', 'mon'].indexOf(day) + 4),
        );
      await expect(days).toHaveCount(7);
      await expect(days.first()).toHaveAccessibleName(dayName(first));
      const checked = await Promise.all(
        Array.from({ length: 7 }, (_, i) => days.nth(i).isChecked()),
      );
      expect(checked).toEqual([true, true, true, true, true, false, false]);
      // Core, which sends the briefing, works out the same week from the same languages.
      expect(app.mode.backend.language.week().workingDays).toEqual(workingDays);
    });
  });
}
