// The research team's messages in Chromium (issue 33): a lab user chooses stage 2, group 1 on the Participant
// List and sends a message to the participant listed there through the Send Message dialog (asked to confirm,
// then told how it went); that participant has no push subscription, so the message is emailed (read from the
// SMTP server of the test's own) and the participant in stage 1 gets nothing. Signed in to the app on a phone,
// the participant sees the unread badge, opens Messages and reads it; the badge is gone, also after a reload
// (the server kept the reading).
import type { Page } from 'playwright-core';
import { inboxTexts, messageEmailTexts, sentSummary } from '../../src/shared/inbox';
import type { CreateParticipantAnswer } from '../../src/shared/types/participant';
import type { Study } from '../../src/shared/types/study';
import { readMail } from '../server/support/mimeMail';
import { seedLab, uniqueEmail } from './support/api';
import { withPageIn } from './support/browser';
import { rowWith, signInAsLabUser } from './support/pages';
import { markActive } from './support/plan';
import { useProduct } from './support/product';

// No EMA plan here, and the push sender stays quiet: the only mail is the message.
const product = useProduct({ PUSH_INTERVAL_SECONDS: '3600' }, { smtp: true });
const PHONE = { width: 390, height: 844 };
const PASSWORD = 'participant-pass-1';
const STUDY_NAME = 'Sleep and Mood';
const TEXT = '請記得今晚填寫問卷。\nPlease remember tonight’s questionnaire.';

jest.setTimeout(120_000);

/** An active study of two stages with a participant in each: stage 1, group 1 and stage 2, group 1. */
async function seedStudy() {
  const { api } = product;
  const { manager, managerPassword } = await seedLab(api);
  const { token } = await api.login({ email: manager.email, password: managerPassword, organization: 1 });
  let study = await api.call<Study>('POST', '/api/studies', { token, body: { chin_name: STUDY_NAME } });
  study = await api.call<Study>('PUT', `/api/studies/${study._id}/add_stage`, { token });
  await api.call('PUT', `/api/studies/${study._id}/edit_basic`, { token, body: { chin_name: STUDY_NAME, contact_person_name: 'Dr. Chan', contact_email: 'chan@example.org' } });
  markActive(product.server.dataDir, study._id);
  const create = async (prefix: string) => {
    const email = uniqueEmail(prefix);
    const { participant } = await api.call<CreateParticipantAnswer>('POST', `/api/participants/${study._id}/create`, {
      token,
      body: { studyId: study._id, email, password: PASSWORD, confirmPassword: PASSWORD },
    });
    return { ...participant, email };
  };
  const stayer = await create('stage1');
  const mover = await create('stage2');
  const stage2 = study.stage_list[1];
  await api.call('PATCH', `/api/participants/${mover._id}/assign_group`, {
    token,
    body: { studyId: study._id, stageId: stage2._id, groupId: stage2.participant_group_list[0]._id },
  });
  return { manager, managerPassword, study, stayer, recipient: mover };
}

async function signInToApp(page: Page, email: string): Promise<void> {
  await page.goto(product.server.mainUrl('/app/signin'));
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'My studies' }).waitFor();
}

describe('messages to participants', () => {
  test('a message sent from the Participant List is emailed to a participant without push, who reads it in the app', () =>
    product.journey('messages', async (page) => {
      const { manager, managerPassword, study, stayer, recipient } = await seedStudy();

      await signInAsLabUser(page, product.server.mainUrl('/login'), manager.email, managerPassword);
      await page.goto(product.server.mainUrl(`/participants/${study._id}`));
      await page.getByRole('heading', { name: 'Participant List' }).waitFor();
      await page.getByLabel('Stage', { exact: true }).selectOption({ label: 'Stage 2' });
      await page.getByLabel('Group', { exact: true }).selectOption({ label: 'Group 1' });
      await rowWith(page, recipient.participant_code);
      await page.getByText('1 participant', { exact: true }).waitFor();

      await page.getByRole('button', { name: inboxTexts.button }).click();
      const dialog = page.getByRole('dialog', { name: inboxTexts.title });
      // Only the participants listed (stage 2, group 1) are offered.
      await dialog.getByRole('checkbox', { name: `${inboxTexts.everyoneListed} (1)` }).waitFor();
      expect(await dialog.getByRole('checkbox', { name: new RegExp(stayer.participant_code) }).count()).toBe(0);
      await dialog.getByRole('checkbox', { name: `${recipient.participant_code} (${recipient.email})` }).check();
      await dialog.getByLabel(inboxTexts.text).fill(TEXT);
      await dialog.getByRole('button', { name: inboxTexts.confirm, exact: true }).click();
      const confirm = page.getByRole('dialog', { name: inboxTexts.confirmQuestion(1) });
      await confirm.getByRole('button', { name: inboxTexts.confirm, exact: true }).click();
      const result = page.getByRole('dialog', { name: inboxTexts.title }).getByRole('status');
      await result.waitFor();
      expect((await result.textContent())?.trim()).toBe(sentSummary({ sent: 1, pushed: 0, emailed: 1, unreached: 0 }));
      await page.getByRole('button', { name: inboxTexts.close, exact: true }).last().click();
      await page.getByRole('dialog', { name: inboxTexts.title }).waitFor({ state: 'detached' });

      // The mailbox: the message, and the app's messages screen to read it in; nothing to the other stage.
      const mail = readMail((await product.smtp.nextMailTo(recipient.email)).raw);
      expect(mail.headers.get('subject')).toBe(messageEmailTexts.en.subject(STUDY_NAME));
      const body = mail.text.replace(/\r\n/g, '\n');
      expect(body).toContain(messageEmailTexts.en.intro(STUDY_NAME));
      expect(body).toContain(TEXT);
      expect(body).toContain(product.server.mainUrl('/app/messages'));
      expect(product.smtp.mails.filter((m) => m.to.includes(stayer.email.toLowerCase()))).toEqual([]);

      const phone = await product.browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true, locale: 'en-GB' });
      phone.setDefaultTimeout(15_000);
      try {
        await withPageIn(phone, 'messages-app', async (app) => {
          await signInToApp(app, recipient.email);
          const unread = app.getByRole('link', { name: 'Messages, 1 unread' });
          await unread.waitFor();
          expect((await unread.textContent())?.trim()).toBe('Messages1');
          await unread.click();
          await app.getByRole('heading', { name: 'Messages', level: 1 }).waitFor();
          const card = app.getByRole('article', { name: `Message from ${STUDY_NAME}` });
          await card.waitFor();
          expect(await card.locator('.message-text').innerText()).toBe(TEXT);
          // Read now: the badge is gone; the card keeps its "New" mark while the screen stays open.
          await app.getByRole('link', { name: 'Messages', exact: true }).waitFor();
          await card.getByText('New', { exact: true }).waitFor();

          // The server kept the reading: after a reload, no badge and no "New".
          await app.reload();
          await app.getByRole('heading', { name: 'Messages', level: 1 }).waitFor();
          await card.waitFor();
          await app.getByRole('link', { name: 'Messages', exact: true }).waitFor();
          expect(await app.getByRole('link', { name: /unread/ }).count()).toBe(0);
          expect(await card.getByText('New', { exact: true }).count()).toBe(0);
        });
      } finally {
        await phone.close();
      }
    }));
});
