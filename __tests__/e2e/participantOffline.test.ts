// The participant app opened without network (issue 31 part 8), in Chromium at 390 px on the real build: signed
// in, the study opened once; then offline, a reload shows the tasks the phone kept with when they were last
// updated, an open task is answered (kept on the phone); online again, the answer reaches the server once and no
// raw "Network Error" is shown at any point.
import path from 'node:path';
import SQLite from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { APP_STUDY_NAME, seedAppStudy, SHORT_QUESTIONNAIRE } from './support/appStudy';
import { useProduct } from './support/product';

const product = useProduct();
const PHONE = { width: 390, height: 844 };
const ANSWER = '在火車上 on the train';

jest.setTimeout(120_000);

function submissionsOf(email: string): { client_submission_id: string }[] {
  const db = new SQLite(path.join(product.server.dataDir, 'portal.sqlite'), { readonly: true });
  try {
    return db
      .prepare('select s.client_submission_id from submissions s join participants p on p.id = s.participant_id where p.email = ?')
      .all(email.toLowerCase()) as { client_submission_id: string }[];
  } finally {
    db.close();
  }
}

/** The paths of the reads this phone keeps (IndexedDB), for the waits on them. */
function keptPaths(page: Page): Promise<string[]> {
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve, reject) => {
        const open = indexedDB.open('participant-app');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('reads')) {
            db.close();
            resolve([]);
            return;
          }
          const all = db.transaction('reads').objectStore('reads').getAll();
          all.onsuccess = () => {
            db.close();
            resolve((all.result as { path: string }[]).map((r) => r.path));
          };
        };
      }),
  );
}

async function noRawError(page: Page): Promise<void> {
  await expect(page.getByText(/Network Error|Failed to fetch|Request failed/).count()).resolves.toBe(0);
}

describe('the participant app without network', () => {
  it('opens offline with the tasks last kept and when they were updated, answers an open task, and sends it when online', async () => {
    const seed = await seedAppStudy(product.api, product.api, product.server, 1, 3);
    const { study, enrolled } = seed;
    const context = await product.browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true, locale: 'en-GB' });
    context.setDefaultTimeout(15_000);
    try {
      const page = await context.newPage();
      await page.goto(product.server.mainUrl('/app/signin'));
      await page.getByLabel('Email').fill(enrolled.email);
      await page.getByLabel('Password', { exact: true }).fill(enrolled.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('heading', { name: 'My studies' }).waitFor();
      await page.getByRole('link', { name: new RegExp(APP_STUDY_NAME) }).click();
      await page.getByRole('heading', { name: 'Your tasks' }).waitFor();
      await page.getByRole('link', { name: SHORT_QUESTIONNAIRE.chin_name }).waitFor();
      // The shell is cached by the service worker, and the reads (studies, tasks, both questionnaires) kept.
      await page.evaluate(async () => {
        await navigator.serviceWorker.ready;
      });
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
      const deadline = Date.now() + 15_000;
      let kept = await keptPaths(page);
      while (kept.filter((p) => p.startsWith('/questionnaires/')).length < 2 && Date.now() < deadline) {
        await page.waitForTimeout(100);
        kept = await keptPaths(page);
      }
      expect(kept.sort()).toEqual(expect.arrayContaining(['/studies', `/studies/${study._id}/tasks`]));
      expect(kept.filter((p) => p.startsWith('/questionnaires/'))).toHaveLength(2);

      // On a train: the app reloaded without network.
      await context.setOffline(true);
      await page.reload();
      await page.getByRole('heading', { name: 'Your tasks' }).waitFor();
      await page.getByRole('link', { name: SHORT_QUESTIONNAIRE.chin_name }).waitFor();
      await page.getByText('You are offline. What you see was saved on this phone.').waitFor();
      await page.getByText(/^Last updated \S/).waitFor();
      await noRawError(page);

      await page.getByRole('link', { name: SHORT_QUESTIONNAIRE.chin_name }).click();
      await page.getByRole('textbox').fill(ANSWER);
      await page.getByRole('button', { name: 'Send' }).click();
      await page.getByText(`Your answer to ${SHORT_QUESTIONNAIRE.chin_name} is saved on this phone. It will be sent when you are online.`).waitFor();
      await noRawError(page);
      expect(submissionsOf(enrolled.email)).toHaveLength(0);

      // Online again: the answer is sent, the list brought up to date, and no raw error above it.
      await context.setOffline(false);
      await page.getByText(`Your answer to ${SHORT_QUESTIONNAIRE.chin_name} was sent. Thank you!`).waitFor();
      await page.getByText('You are offline. What you see was saved on this phone.').waitFor({ state: 'detached' });
      expect(submissionsOf(enrolled.email)).toHaveLength(1);
      await noRawError(page);
    } finally {
      await context.close();
    }
  });
});
