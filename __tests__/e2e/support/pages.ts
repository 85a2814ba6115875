// What a person does on the sign-in screens, written once so that journeys read as steps. Fields are found by
// their labels and buttons by their names, as a screen reader would find them.
import type { Locator, Page } from 'playwright-core';

export async function fillSignIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel(/email/i).fill(email);
  await page.getByLabel(/^password/i).fill(password);
  await page.getByRole('button', { name: /sign in|log ?in/i }).click();
}

/**
 * Waits until the session is in localStorage. redux-persist writes it a moment after the store changes, so a
 * journey that opens a new URL right after signing in (a full page load) could otherwise find no session.
 */
export async function sessionStored(page: Page): Promise<void> {
  await page.waitForFunction(() => (localStorage.getItem('persist:auth') ?? '').includes('token'));
}

/** Signs a lab user in on the given host's /login, waits to leave the sign-in page and for the stored session. */
export async function signInAsLabUser(page: Page, loginUrl: string, email: string, password: string): Promise<void> {
  await page.goto(loginUrl);
  await fillSignIn(page, email, password);
  await page.waitForURL((url) => url.pathname !== '/login');
  await sessionStored(page);
}

export async function signInAsOwner(page: Page, loginUrl: string, email: string, password: string): Promise<void> {
  await page.goto(loginUrl);
  await fillSignIn(page, email, password);
  await page.waitForURL((url) => url.pathname === '/systemowner/home');
  await sessionStored(page);
}

/** The path and query of the page, e.g. "/login?redirect=%2Flm%2Fget_users". */
export function pathOf(page: Page): string {
  const url = new URL(page.url());
  return url.pathname + url.search;
}

/** Waits until a table row containing `text` shows, and returns that row. */
export async function rowWith(page: Page, text: string) {
  const row = page.getByRole('row').filter({ hasText: text });
  await row.first().waitFor();
  return row.first();
}

/** Chooses the Participant List's stage and group (by their labels, e.g. "Stage 1", "Group 1"): rows get their actions. */
export async function chooseFilter(page: Page, stage: string, group: string): Promise<void> {
  await page.getByLabel('Stage', { exact: true }).selectOption({ label: stage });
  await page.getByLabel('Group', { exact: true }).selectOption({ label: group });
}

/** Chooses one of a Participant List row's actions from its Actions menu. */
export async function chooseRowAction(page: Page, row: Locator, code: string, action: string): Promise<void> {
  await row.getByRole('button', { name: `Actions ${code}` }).click();
  await page.getByRole('menu', { name: `Actions ${code}` }).getByRole('menuitem', { name: action, exact: true }).click();
}

/**
 * The token the portal keeps in localStorage (redux-persist's `persist:auth`, whose values are JSON strings
 * themselves), or null when no session is stored.
 */
export async function storedToken(page: Page): Promise<string | null> {
  const raw = await page.evaluate(() => localStorage.getItem('persist:auth'));
  const find = (value: unknown): string | null => {
    if (typeof value === 'string') {
      try {
        return find(JSON.parse(value));
      } catch {
        return null;
      }
    }
    if (value && typeof value === 'object') {
      const record = value as Record<string, unknown>;
      if (typeof record.token === 'string') return record.token;
      for (const inner of Object.values(record)) {
        const found = find(inner);
        if (found) return found;
      }
    }
    return null;
  };
  return find(raw);
}
