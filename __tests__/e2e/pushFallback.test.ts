// When a push does not reach the phone (issue 33), on the real build with a push service and an SMTP server of the
// test's own (support/product.ts), both senders every second. A push the push service accepts but the phone never
// reports received is emailed once the study's delay has passed, not before, and the researcher's EMA Schedule
// says both. A push service answering 410 for a participant's endpoint makes the server drop that subscription,
// and the Participant List's Device column says "push lost". The participants' phones are their API calls (a
// subscription at the test's push service, a device report): what is seen is the researcher's portal.
import { momentText } from '../../src/client/features/participants/dateTime';
import { deliveryTexts } from '../../src/shared/deliveryWords';
import { deviceTexts } from '../../src/shared/messages';
import { promptEmailTexts } from '../../src/shared/messages/promptEmail';
import type { PushPayload } from '../../src/shared/push';
import type { PromptingSettings } from '../../src/shared/prompting';
import type { Locator, Page } from 'playwright-core';
import { readMail } from '../server/support/mimeMail';
import { chooseFilter, chooseRowAction, rowWith, signInAsLabUser } from './support/pages';
import { JOURNEY_TIMEOUT_MS, useProduct } from './support/product';
import { enrolPrompted, ledgerWhen, PROMPT_STUDY, promptDueIn, seedPromptStudy, subscriptionCount, type PromptStudy } from './support/promptStudy';

const product = useProduct({ PUSH_INTERVAL_SECONDS: '1', EMAIL_INTERVAL_SECONDS: '1' }, { smtp: true, push: true });
/** The study's delay between an accepted push and its email when the phone has not reported it received. */
const EMAIL_AFTER_MINUTES = 1;
const DELAY_MS = EMAIL_AFTER_MINUTES * 60_000;
/** How far ahead of now a prompt is moved: the push is sent within a couple of seconds of it. */
const LEAD_MS = 2_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
/** A moment as the EMA Schedule writes it: in the study's clock (the default), the task's zone. */
const shown = (iso: string | null, seconds: boolean) => momentText(iso ?? '', PROMPT_STUDY.zone, seconds);

let seeded: PromptStudy;

beforeAll(async () => {
  seeded = await seedPromptStudy(product);
  const prompting = await product.api.call<PromptingSettings>('PUT', `/api/studies/${seeded.study._id}/prompting`, {
    token: seeded.token,
    body: { emailFallback: true, emailAfterMinutes: EMAIL_AFTER_MINUTES },
  });
  expect(prompting).toMatchObject({ emailFallback: true, emailAfterMinutes: EMAIL_AFTER_MINUTES });
});

async function openParticipantList(page: Page): Promise<void> {
  await page.goto(product.server.mainUrl(`/participants/${seeded.study._id}`));
  await page.getByRole('heading', { name: 'Participant List' }).waitFor();
}

/** The participant's EMA Schedule opened from their row (stage 1, group 1 chosen), closed by `look` when it is done. */
async function inEmaSchedule(page: Page, code: string, look: (dialog: Locator) => Promise<void>): Promise<void> {
  await openParticipantList(page);
  await chooseFilter(page, 'Stage 1', 'Group 1');
  await chooseRowAction(page, await rowWith(page, code), code, 'EMA Schedule');
  const dialog = page.getByRole('dialog', { name: 'EMA Schedule' });
  await dialog.getByRole('table').waitFor();
  await look(dialog);
  await dialog.getByRole('button', { name: 'Close' }).last().click();
  await dialog.waitFor({ state: 'detached' });
}

describe('when a push does not reach the phone', () => {
  // The journey waits out the study's delay, and has a usual journey's time besides.
  test(
    'a push that is accepted but never received is emailed after the delay, and the EMA Schedule says both',
    () =>
      product.journey('push-not-received', async (page) => {
        const participant = await enrolPrompted(product, seeded, 'unreceived');
        const { email, promptId } = participant;
        const subscription = product.pushService.subscribe();
        await product.api.call('POST', '/api/app/push/subscriptions', { token: participant.appToken, body: subscription.body });
        const moment = promptDueIn(product, participant, LEAD_MS);

        // The push service accepts the push (201); the phone never reports it received.
        const pushed = await ledgerWhen(product, promptId, (l) => l.push_result !== null, 15_000);
        expect(pushed).toMatchObject({ delivery_channel: 'push', push_result: 'accepted', received_at: null, email_result: null });
        const sentAt = Date.parse(pushed.sent_at ?? '');
        expect(sentAt).toBeGreaterThanOrEqual(moment);
        expect(Date.parse(pushed.email_due_at ?? '')).toBe(sentAt + DELAY_MS);
        expect(subscription.messagesIn(product.pushService)).toEqual([expect.objectContaining<Partial<PushPayload>>({ taskId: promptId })]);

        // Meanwhile the researcher sees it pushed and its email due.
        await signInAsLabUser(page, product.server.mainUrl('/login'), seeded.manager.email, seeded.manager.password);
        const waiting = `${deliveryTexts.pushed} ${shown(pushed.sent_at, true)} · ${deliveryTexts.notReceivedYet}: ${deliveryTexts.emailDue} ${shown(pushed.email_due_at, false)}`;
        await inEmaSchedule(page, participant.code, (dialog) => dialog.getByText(waiting, { exact: true }).waitFor());

        // No mail until a second before the delay has passed (the email sender runs every second)…
        await sleep(sentAt + DELAY_MS - Date.now() - 1_000);
        expect(product.smtp.mails.filter((m) => m.to.includes(email.toLowerCase()))).toEqual([]);
        // …then the prompt's email.
        const mail = readMail((await product.smtp.nextMailTo(email, 20_000)).raw);
        const { questionnaire } = PROMPT_STUDY;
        expect(mail.headers.get('subject')).toBe(promptEmailTexts.en.subject.replace('{study}', PROMPT_STUDY.name).replace('{questionnaire}', questionnaire.chin_name));
        const mailedAt = Date.parse(mail.headers.get('date') ?? '');
        expect(mailedAt).toBeGreaterThanOrEqual(Math.floor((sentAt + DELAY_MS) / 1000) * 1000);
        expect(mailedAt).toBeLessThan(sentAt + DELAY_MS + 15_000);
        // The push stays the channel it went out by; the email is recorded once the mail server took it.
        const emailed = await ledgerWhen(product, promptId, (l) => l.email_result !== null);
        expect(emailed).toMatchObject({ delivery_channel: 'push', push_result: 'accepted', sent_at: pushed.sent_at, received_at: null, email_result: 'sent' });

        // The researcher's EMA Schedule: pushed, not on the phone in time, emailed.
        const line = `${deliveryTexts.pushed} ${shown(pushed.sent_at, true)} · ${deliveryTexts.notReceivedInTime}: ${deliveryTexts.emailed} ${shown(emailed.email_done_at, true)}`;
        await inEmaSchedule(page, participant.code, (dialog) => dialog.getByText(line, { exact: true }).waitFor());
        expect(product.smtp.mails.filter((m) => m.to.includes(email.toLowerCase()))).toHaveLength(1);
      }),
    JOURNEY_TIMEOUT_MS + DELAY_MS,
  );

  test('a push service answering 410 removes the subscription, and the Participant List shows push lost', () =>
    product.journey('push-gone', async (page) => {
      const participant = await enrolPrompted(product, seeded, 'gone');
      const { email, promptId, code } = participant;
      // The phone: notifications allowed, installed, subscribed at the push service, which answers 410 for it.
      await product.api.call('POST', '/api/app/device', {
        token: participant.appToken,
        body: { pushPermission: 'granted', installed: true, appVersion: 'e2e', timezone: PROMPT_STUDY.zone, pendingAnswers: 0 },
      });
      const subscription = product.pushService.subscribe();
      await product.api.call('POST', '/api/app/push/subscriptions', { token: participant.appToken, body: subscription.body });
      product.pushService.answers.set(subscription.path, 410);
      expect(subscriptionCount(product, email)).toBe(1);

      // Before the prompt: push on.
      await signInAsLabUser(page, product.server.mainUrl('/login'), seeded.manager.email, seeded.manager.password);
      await openParticipantList(page);
      const headers = (await page.getByRole('columnheader').allTextContents()).map((t) => t.trim());
      const deviceCell = async () => (await rowWith(page, code)).getByRole('cell').nth(headers.indexOf(deviceTexts.column));
      await (await deviceCell()).getByText(deviceTexts.pushOn, { exact: true }).waitFor();

      // The prompt is due: its push is answered 410, the server records it gone and removes the subscription.
      promptDueIn(product, participant, LEAD_MS);
      const ledger = await ledgerWhen(product, promptId, (l) => l.push_result !== null, 15_000);
      expect(ledger.push_result).toBe('gone');
      expect(product.pushService.received.filter((r) => r.path === subscription.path).map((r) => r.status)).toEqual([410]);
      const end = Date.now() + 10_000;
      while (subscriptionCount(product, email) > 0 && Date.now() < end) await sleep(200);
      expect(subscriptionCount(product, email)).toBe(0);

      // The researcher's list, loaded again: push off, lost.
      await page.reload();
      await page.getByRole('heading', { name: 'Participant List' }).waitFor();
      const cell = await deviceCell();
      await cell.getByText(deviceTexts.offReasons.lost, { exact: true }).waitFor();
      expect(await cell.getByText(deviceTexts.pushOff, { exact: true }).count()).toBe(1);
      expect(await cell.getByText(deviceTexts.pushOn, { exact: true }).count()).toBe(0);
    }));
});
