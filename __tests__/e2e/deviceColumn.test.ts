// The Device column reads what the app reported (issue 33), in Chromium: a participant signs in to the app on a
// phone in Paris (the study's zone is Hong Kong's); the app reports on sign-in; the researcher's Participant List
// shows push off with why (not subscribed yet), last seen, and the phone's zone as it differs from the study's.
import { deviceTexts } from '../../src/shared/messages';
import { newEmaSetting } from '../../src/shared/study/assessmentSettings';
import type { Questionnaire } from '../../src/shared/questionnaire/types';
import type { CreateParticipantAnswer } from '../../src/shared/types/participant';
import type { Study } from '../../src/shared/types/study';
import { seedLab, uniqueEmail } from './support/api';
import { fillSignIn, rowWith, signInAsLabUser } from './support/pages';
import { useProduct } from './support/product';

const product = useProduct();
const PASSWORD = 'participant-pass-1';

describe('the Device column', () => {
  test('shows what the app reported: push off and why, last seen, the phone’s zone', () =>
    product.journey('device-column', async (page) => {
      const api = product.api;
      const { manager, managerPassword } = await seedLab(api);
      const { token } = await api.login({ email: manager.email, password: managerPassword, organization: 1 });
      const study = await api.call<Study>('POST', '/api/studies', { token, body: { chin_name: 'Device Study' } });
      const created = await api.call<Questionnaire>('POST', '/api/qx_list', { token, body: { chin_name: 'Mood', abbrev: 'MOOD' } });
      const group = study.stage_list[0].participant_group_list[0];
      await api.call('PUT', `/api/studies/${study._id}/edit_except_consent`, {
        token,
        body: {
          stage_list: [
            {
              _id: study.stage_list[0]._id,
              participant_group_list: [
                { _id: group._id, ema_list: [{ ...newEmaSetting('Asia/Hong_Kong'), questionnaire_list: [{ _id: created._id, chin_name: 'Mood', abbrev: 'MOOD' }], time_list: ['09:00'] }] },
              ],
            },
          ],
        },
      });
      const email = uniqueEmail('device');
      const { participant } = await api.call<CreateParticipantAnswer>('POST', `/api/participants/${study._id}/create`, {
        token,
        body: { studyId: study._id, email, password: PASSWORD, confirmPassword: PASSWORD },
      });

      // The participant's phone, in Paris.
      const phone = await product.browser.newContext({ timezoneId: 'Europe/Paris', viewport: { width: 390, height: 844 } });
      try {
        const app = await phone.newPage();
        await app.goto(product.server.mainUrl('/app/signin'));
        const reported = app.waitForResponse((r) => new URL(r.url()).pathname === '/api/app/device' && r.request().method() === 'POST');
        await fillSignIn(app, email, PASSWORD);
        expect((await reported).status()).toBe(200);
      } finally {
        await phone.close();
      }

      await signInAsLabUser(page, product.server.mainUrl('/login'), manager.email, managerPassword);
      await page.goto(product.server.mainUrl(`/participants/${study._id}`));
      await page.getByRole('heading', { name: 'Participant List' }).waitFor();
      const row = await rowWith(page, participant.participant_code);
      const headers = (await page.getByRole('columnheader').allTextContents()).map((t) => t.trim());
      const cell = row.getByRole('cell').nth(headers.indexOf(deviceTexts.column));
      await cell.getByText(deviceTexts.pushOff).waitFor();
      const text = (await cell.textContent()) ?? '';
      // Headless Chromium has not been asked for notifications: no subscription.
      expect(text).toContain(deviceTexts.offReasons.noSubscription);
      expect(text).toMatch(new RegExp(`${deviceTexts.lastSeen} \\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2} [AP]M`));
      expect(text).toContain(deviceTexts.phoneZone('Europe/Paris', 'Asia/Hong_Kong'));
    }));
});
