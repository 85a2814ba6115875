// The study file (issue 35 part 1) in Chromium: a researcher exports a study's design from Edit Study; a
// researcher of another lab, whose lab already has a questionnaire with the same code, imports it from the Study
// List, reads the summary (the code renamed) and finds the new study there, inactive.
import { readFile } from 'node:fs/promises';
import { studyFileMessages } from '../../src/shared/messages';
import { STUDY_FILE_FORMAT, type StudyFile } from '../../src/shared/studyFile/format';
import type { Questionnaire } from '../../src/shared/questionnaire/types';
import type { Study } from '../../src/shared/types/study';
import { seedLab } from './support/api';
import { newContext } from './support/browser';
import { rowWith, signInAsLabUser } from './support/pages';
import { JOURNEY_TIMEOUT_MS, useProduct } from './support/product';

const product = useProduct();

describe('study file', () => {
  test('a study exported from one lab is imported into another as a new inactive study, with the summary', () =>
    product.journey('study-file', async (page) => {
      const labA = await seedLab(product.api);
      const labB = await seedLab(product.api);
      const a = await product.api.login({ email: labA.manager.email, password: labA.managerPassword, organization: 1 });
      const b = await product.api.login({ email: labB.manager.email, password: labB.managerPassword, organization: 1 });
      const mood = await product.api.call<Questionnaire>('POST', '/api/qx_list', { token: a.token, body: { chin_name: 'Morning Mood', abbrev: 'MOOD' } });
      await product.api.call<Questionnaire>('POST', '/api/qx_list', { token: b.token, body: { chin_name: 'Their own mood', abbrev: 'MOOD' } });
      const study = await product.api.call<Study>('POST', '/api/studies', { token: a.token, body: { chin_name: 'Travelling study' } });
      const group = study.stage_list[0].participant_group_list[0];
      await product.api.call('PUT', `/api/studies/${study._id}/edit_except_consent`, {
        token: a.token,
        body: { stage_list: [{ _id: study.stage_list[0]._id, chin_name: 'Baseline', participant_group_list: [{ _id: group._id, no_submission_limit_list: [mood._id] }] }] },
      });

      // Lab A exports the design from Edit Study.
      await signInAsLabUser(page, product.server.mainUrl('/login'), labA.manager.email, labA.managerPassword);
      await page.goto(product.server.mainUrl(`/studies/${study._id}/edit`));
      await page.getByRole('heading', { name: 'Edit Study' }).waitFor();
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: studyFileMessages.exportDesign }).click()]);
      expect(download.suggestedFilename()).toBe(`study-design-${study.study_code}.json`);
      const path = await download.path();
      const file = JSON.parse(await readFile(path, 'utf8')) as StudyFile;
      expect(file.format).toBe(STUDY_FILE_FORMAT);
      expect(file.questionnaires.map((q) => q.abbrev)).toEqual(['MOOD']);

      // Lab B imports it from the Study List, in a browser of its own.
      const context = await newContext(product.browser);
      try {
        const other = await context.newPage();
        await signInAsLabUser(other, product.server.mainUrl('/login'), labB.manager.email, labB.managerPassword);
        await other.goto(product.server.mainUrl('/studies/1'));
        await other.getByRole('heading', { name: 'Study List' }).waitFor();
        await other.getByRole('button', { name: studyFileMessages.importDesign }).click();
        const dialog = other.getByRole('dialog', { name: studyFileMessages.importDesign });
        await dialog.getByLabel(studyFileMessages.importChoose).setInputFiles(path);
        await dialog.getByRole('button', { name: 'Import' }).click();
        await dialog.getByText(studyFileMessages.imported('Travelling study')).waitFor();
        expect(await dialog.getByRole('list', { name: 'Import summary' }).getByRole('listitem').allTextContents()).toEqual([studyFileMessages.renamed('MOOD', 'MOOD_2')]);
        await dialog.getByRole('button', { name: 'Close' }).last().click();
        await dialog.waitFor({ state: 'hidden' });
        const row = await rowWith(other, 'Travelling study');
        await row.getByText('Inactive').waitFor();
        const [summary] = (await product.api.call<{ studies: { _id: string; chin_name: string }[] }>('GET', '/api/studies', { token: b.token })).studies;
        const copy = await product.api.call<Study>('GET', `/api/studies/${summary._id}`, { token: b.token });
        expect(copy.stage_list[0].chin_name).toBe('Baseline');
        expect(copy.stage_list[0].participant_group_list[0].no_submission_limit_list.map((q) => q.abbrev)).toEqual(['MOOD_2']);
      } finally {
        await context.close();
      }
    }),
  JOURNEY_TIMEOUT_MS);
});
