// A prompt emailed when it cannot be pushed (issue 33), on the real build with a real SMTP server of the test's
// own: a participant without a push subscription has an EMA prompt due a few seconds from now (the plan moved,
// support/plan.ts); at its moment the push sender finds no channel and the email sender mails it (both every
// second). The mail names the study and the questionnaire and links to the task; opened in the app where the
// participant is signed in, the link opens the task's answer page directly.
import { promptEmailTexts } from '../../src/shared/messages/promptEmail';
import { readMail } from '../server/support/mimeMail';
import { withPageIn } from './support/browser';
import { useProduct } from './support/product';
import { enrolPrompted, ledgerWhen, PARTICIPANT_PASSWORD, PROMPT_STUDY, promptDueIn, seedPromptStudy } from './support/promptStudy';

const product = useProduct({ PUSH_INTERVAL_SECONDS: '1', EMAIL_INTERVAL_SECONDS: '1' }, { smtp: true });
const PHONE = { width: 390, height: 844 };
/** How far ahead of now the prompt is moved: time to see that nothing is mailed before it. */
const LEAD_MS = 4_000;

jest.setTimeout(120_000);

describe('a prompt by email', () => {
  test('a participant without push gets the due prompt by email at its moment, and its link opens the answer page in the app', async () => {
    const seeded = await seedPromptStudy(product);
    const prompted = await enrolPrompted(product, seeded, 'prompted');
    const { study } = seeded;
    const { email, promptId } = prompted;
    const moment = promptDueIn(product, prompted, LEAD_MS);

    // Nothing before the moment (the senders run every second)…
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, moment - Date.now() - 1_000)));
    expect(product.smtp.mails.filter((m) => m.to.includes(email.toLowerCase()))).toEqual([]);
    // …then the email, once the push sender found no subscription.
    const mail = readMail((await product.smtp.nextMailTo(email, 20_000)).raw);
    const texts = promptEmailTexts.en;
    expect(mail.headers.get('subject')).toBe(`${PROMPT_STUDY.name}: ${PROMPT_STUDY.questionnaire.chin_name} is open now`);
    const sentAt = Date.parse(mail.headers.get('date') ?? '');
    expect(sentAt).toBeGreaterThanOrEqual(Math.floor(moment / 1000) * 1000);
    expect(sentAt).toBeLessThan(moment + 15_000);
    // The sender records the email once the mail server has taken it: a moment after it arrived.
    const ledger = await ledgerWhen(product, promptId, (l) => l.email_result !== null);
    expect(ledger).toMatchObject({ delivery_channel: 'email', push_result: 'none', email_result: 'sent' });
    expect(Date.parse(ledger.sent_at ?? '')).toBeGreaterThanOrEqual(moment);

    const taskPath = `/app/studies/${study._id}/tasks/${promptId}`;
    const link = new RegExp(`${texts.open}: (\\S+)`).exec(mail.text)?.[1];
    expect(link).toBe(product.server.mainUrl(taskPath));
    expect(mail.html).toContain(`href="${product.server.mainUrl(taskPath)}"`);

    const phone = await product.browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true, locale: 'en-GB' });
    phone.setDefaultTimeout(15_000);
    try {
      await withPageIn(phone, 'prompt-email-link', async (app) => {
        await app.goto(product.server.mainUrl('/app/signin'));
        await app.getByLabel('Email').fill(email);
        await app.getByLabel('Password', { exact: true }).fill(PARTICIPANT_PASSWORD);
        await app.getByRole('button', { name: 'Sign in' }).click();
        await app.getByRole('heading', { name: 'My studies' }).waitFor();

        // The link, as the mail client opens it: straight to the answer page, no stop at the task list.
        const paths: string[] = [];
        app.on('framenavigated', (frame) => {
          if (frame === app.mainFrame()) paths.push(new URL(frame.url()).pathname);
        });
        await app.goto(link ?? '');
        await app.getByRole('heading', { name: PROMPT_STUDY.questionnaire.chin_name, level: 1 }).waitFor();
        await app.getByText(PROMPT_STUDY.question).waitFor();
        expect(new URL(app.url()).pathname).toBe(taskPath);
        expect(paths).toEqual([taskPath]);
      });
    } finally {
      await phone.close();
    }
  });
});
