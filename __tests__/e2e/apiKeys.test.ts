// Analysts' API keys (issue 36 part 2) in Chromium: a lab manager makes a key on their account page for one study,
// sees it once (with its warning; copied to the clipboard), and the test uses it as a script would: the analysis
// zip's download call answers the zip, whose README shows that very call. The list shows the key's last use;
// revoked after a confirmation, the same call answers 401.
import { strFromU8, unzipSync } from 'fflate';
import { makeQuestion, makeResponse } from '../../src/shared/questionnaire/operations';
import type { Questionnaire } from '../../src/shared/questionnaire/types';
import { newEmaSetting } from '../../src/shared/study/assessmentSettings';
import { apiKeyMessages, apiKeyTexts } from '../../src/shared/messages';
import { API_KEY_PREFIX } from '../../src/shared/apiKeys';
import { ZIP_MEDIA_TYPE } from '../../src/shared/types/dataDownloads';
import type { AppSession } from '../../src/shared/types/participantApp';
import type { Study } from '../../src/shared/types/study';
import { seedLab, uniqueEmail, type Api } from './support/api';
import { signInAsLabUser } from './support/pages';
import { markActive } from './support/plan';
import { useProduct } from './support/product';

const product = useProduct();
const PASSWORD = 'participant-pass-1';

/** An active study whose only group has an EMA setting, and a participant who joined it and loaded the plan. */
async function seedStudyWithPlan(api: Api, token: string, name: string): Promise<Study> {
  const study = await api.call<Study>('POST', '/api/studies', { token, body: { chin_name: name } });
  markActive(product.server.dataDir, study._id);
  const created = await api.call<Questionnaire>('POST', '/api/qx_list', { token, body: { chin_name: 'Evening Mood', abbrev: `M${Date.now().toString(36).slice(-4)}` } });
  const question = { ...makeQuestion('q1', 'r1'), question_num: '1', html_question: '<p>How did you sleep?</p>', other_info: [makeResponse('r1', 'text')] };
  await api.call('PUT', `/api/qx_list/${created._id}/edit`, { token, body: { ...created, chin_content: [question] } });
  const stage = study.stage_list[0];
  const group = stage.participant_group_list[0];
  const mood = { _id: created._id, chin_name: created.chin_name, abbrev: created.abbrev };
  await api.call('PUT', `/api/studies/${study._id}/edit_except_consent`, {
    token,
    body: { stage_list: [{ _id: stage._id, participant_group_list: [{ _id: group._id, ema_list: [{ ...newEmaSetting('Asia/Hong_Kong'), questionnaire_list: [mood], time_list: ['09:00'], number_of_days: 2 }] }] }] },
  });
  const email = uniqueEmail('keyed');
  await api.call('POST', `/api/participants/${study._id}/create`, { token, body: { studyId: study._id, email, password: PASSWORD, confirmPassword: PASSWORD } });
  const session = await api.call<AppSession>('POST', '/api/app/login', { body: { email, password: PASSWORD } });
  await api.call('POST', `/api/app/studies/${study._id}/consent`, { token: session.token, body: { agree: true } });
  await api.call('GET', `/api/app/studies/${study._id}/tasks`, { token: session.token });
  return study;
}

describe('API keys', () => {
  test('a key made on the account page is shown once, downloads the analysis zip, and answers 401 once revoked', () =>
    product.journey('api-keys', async (page, context) => {
      const api = product.api;
      const { manager, managerPassword } = await seedLab(api);
      const { token } = await api.login({ email: manager.email, password: managerPassword, organization: 1 });
      const study = await seedStudyWithPlan(api, token, 'Sleep and Mood');
      await api.call<Study>('POST', '/api/studies', { token, body: { chin_name: 'Other study' } });
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: product.server.mainUrl('').replace(/\/$/, '') });

      await signInAsLabUser(page, product.server.mainUrl('/login'), manager.email, managerPassword);
      await page.getByRole('button', { name: 'Account' }).click();
      await page.getByRole('link', { name: 'Your account' }).click();
      await page.getByRole('heading', { name: apiKeyTexts.section }).waitFor();
      await page.getByText(apiKeyTexts.none).waitFor();

      await page.getByLabel(apiKeyTexts.name).fill('Nightly R script');
      await page.getByLabel(`Sleep and Mood (${study.study_code})`).check();
      await page.getByRole('button', { name: apiKeyTexts.create }).click();
      const shown = page.getByTestId('created-api-key');
      await shown.getByText(apiKeyTexts.shownOnce).waitFor();
      const key = (await shown.getByLabel('New API key').innerText()).trim();
      expect(key.startsWith(API_KEY_PREFIX)).toBe(true);
      await shown.getByRole('button', { name: apiKeyTexts.copy }).click();
      await shown.getByRole('button', { name: apiKeyTexts.copied }).waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
      await shown.getByRole('button', { name: apiKeyTexts.done }).click();
      await shown.waitFor({ state: 'detached' });
      const row = page.getByTestId('api-key-row').filter({ hasText: 'Nightly R script' });
      expect(await row.getByRole('cell').nth(4).innerText()).toBe(apiKeyTexts.neverUsed);
      // Once closed, the key is nowhere on the page, nor after a reload.
      await page.reload();
      await row.waitFor();
      expect(await page.content()).not.toContain(key);

      // A script's call, with the key only.
      const url = product.server.apiUrl(`/api/data/${study._id}/download_analysis`);
      const fetchZip = () =>
        fetch(url, {
          method: 'POST',
          headers: { authorization: `Bearer ${key}`, accept: ZIP_MEDIA_TYPE, 'content-type': 'application/json' },
          body: JSON.stringify({ stageId: study.stage_list[0]._id }),
        });
      const answer = await fetchZip();
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toBe(ZIP_MEDIA_TYPE);
      const files = unzipSync(new Uint8Array(await answer.arrayBuffer()));
      expect(strFromU8(files['README.txt'])).toContain(`/api/data/${study._id}/download_analysis`);

      await page.reload();
      await row.waitFor();
      expect(await row.getByRole('cell').nth(4).innerText()).not.toBe(apiKeyTexts.neverUsed);

      await row.getByRole('button', { name: apiKeyTexts.revoke }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByText(apiKeyTexts.revokeBody).waitFor();
      await dialog.getByRole('button', { name: apiKeyTexts.revoke }).click();
      await row.getByText(apiKeyTexts.revoked).waitFor();

      const refused = await fetchZip();
      expect(refused.status).toBe(401);
      expect(((await refused.json()) as { message: string }).message).toBe(apiKeyMessages.keyRevoked);
    }));
});
