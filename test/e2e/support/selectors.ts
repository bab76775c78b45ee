// Selectors agreed with the renderer: roles and accessible names, as a user (and assistive tech)
// finds things. When a screen changes a name, change it here once.
import type { Page } from '@playwright/test';

export const selectors = {
  sidebar: (page: Page) => page.getByRole('complementary', { name: 'Sidebar' }),
  mainNav: (page: Page) => page.getByRole('navigation', { name: 'Main' }),
  navLink: (page: Page, label: 'Today' | 'Deals' | 'Answers' | 'Usage' | 'Settings') =>
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: label }),
  /** Settings → Session. */
  sessionSection: (page: Page) => page.getByRole('region', { name: 'Session' }),
  signOutButton: (page: Page) =>
    page.getByRole('region', { name: 'Session' }).getByRole('button', { name: 'Sign out' }),
  pasteTokenButton: (page: Page) =>
    page
      .getByRole('region', { name: 'Session' })
      .getByRole('button', { name: 'Paste a session token' }),
  tokenField: (page: Page) => page.getByLabel('Session token'),
  useTokenButton: (page: Page) => page.getByRole('button', { name: 'Use this token' }),
};
