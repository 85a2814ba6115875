// A lab manager builds a questionnaire: creates it, makes a multiple-choice set, adds one response of every type
// (the media one an uploaded image chosen with the media picker), a visibility condition, saves, reloads and
// finds it unchanged, and sees the preview as a participant would: the conditional question only when its
// condition holds, the image itself, the required mark, the slider's chosen value, and only questions titled.
import http from 'node:http';
import type { Locator, Page } from 'playwright-core';
import type { MediaFile } from '../../src/shared/types/media';
import type { Questionnaire } from '../../src/shared/questionnaire/types';
import { seedLab, type Api } from './support/api';
import { signInAsLabUser } from './support/pages';
import { useProduct } from './support/product';
import type { RunningServer } from './support/server';

jest.setTimeout(240_000);

const product = useProduct();

// A 1x1 transparent PNG.
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4e70000000049454e44ae426082',
  'hex',
);

function putBytes(server: RunningServer, url: string, body: Buffer, contentType: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const target = url.startsWith('http') ? url : server.apiUrl(url);
    const request = http.request(
      target,
      { method: 'PUT', headers: { 'content-type': contentType, 'content-length': String(body.length) }, agent: false },
      (answer) => {
        answer.resume();
        answer.on('end', () => resolve(answer.statusCode ?? 0));
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

/** Uploads an image through the real upload flow, as the Media Files page would. */
async function uploadImage(api: Api, server: RunningServer, token: string, labId: string, name: string): Promise<MediaFile> {
  const grant = await api.call<{ url: string; file: string; contentType: string }>('POST', '/api/files/genLabS3URL', {
    token,
    body: { filePath: 'cat.png', fileType: 'image/png', requestType: 'putObject', fileSize: PNG.length },
  });
  expect(await putBytes(server, grant.url, PNG, grant.contentType)).toBe(200);
  return api.call<MediaFile>('POST', '/api/files/createfiles', { token, body: { lab: labId, name, type: 'image', file: grant.file, size: PNG.length } });
}

const card = (page: Page, n: number) => page.getByRole('region', { name: `Question ${n}`, exact: true });
const responseOf = (page: Page, n: number) => card(page, n).getByRole('group', { name: 'Response 1', exact: true });

/** Types into a question's text, starting its editor first if it has not started yet. */
async function typeQuestionText(page: Page, n: number, text: string) {
  const start = card(page, n).getByRole('button', { name: `Edit Question ${n} text` });
  if (await start.count()) await start.click();
  const editor = card(page, n).getByRole('textbox', { name: `Question ${n} text` });
  await editor.click();
  await page.keyboard.type(text);
  await expectText(editor, text);
}

async function expectText(locator: Locator, text: string) {
  await locator.filter({ hasText: text }).waitFor();
}

async function addQuestionAfter(page: Page, n: number, kind: 'Question' | 'Instruction' = 'Question') {
  await card(page, n).getByRole('button', { name: `Add ${kind} After` }).click();
  await card(page, n + 1).waitFor();
}

async function setNumber(page: Page, n: number, num: string) {
  await card(page, n).getByLabel('Question number').fill(num);
}

async function setType(page: Page, n: number, type: string) {
  await responseOf(page, n).getByLabel('Response type').selectOption(type);
}

describe('questionnaires', () => {
  test('a lab manager builds a questionnaire with every response type and a visibility condition', () =>
    product.journey('questionnaire-builder', async (page) => {
      const { lab, manager, managerPassword } = await seedLab(product.api);
      const session = await product.api.login({ email: manager.email, password: managerPassword, organization: 1 });
      const image = await uploadImage(product.api, product.server, session.token, lab._id, 'Sleeping cat');

      await signInAsLabUser(page, product.server.mainUrl('/login'), manager.email, managerPassword);
      await page.getByRole('link', { name: 'Questionnaires' }).click();
      await page.waitForURL((url) => url.pathname.startsWith('/qx/qx_list'));
      await page.getByText('There are no questionnaires yet. Create the first one.').waitFor();

      // Create Questionnaire: both fields are required.
      await page.getByRole('button', { name: 'Create Questionnaire' }).first().click();
      const create = page.getByRole('dialog', { name: 'Create Questionnaire' });
      await create.getByLabel('Questionnaire Name').fill('Evening Check-in');
      await create.getByRole('button', { name: 'Create', exact: true }).click();
      await create.getByText('Questionnaire name and code are required').waitFor();
      await create.getByLabel('Questionnaire Code').fill('EVE1');
      await create.getByRole('button', { name: 'Create', exact: true }).click();
      await page.waitForURL((url) => /^\/qx\/[^/]+\/edit$/.test(url.pathname));
      const questionnaireId = new URL(page.url()).pathname.split('/')[2];
      await page.getByRole('heading', { name: 'Edit Questionnaire' }).waitFor();
      expect(await page.getByLabel('Questionnaire Code').inputValue()).toBe('EVE1');

      // A multiple-choice set.
      await page.getByRole('button', { name: 'Multiple Choices Sets' }).click();
      const sets = page.getByRole('dialog', { name: 'Multiple Choices Sets' });
      await sets.getByRole('button', { name: 'New Set' }).click();
      await sets.getByLabel('Set name').fill('Mood');
      await sets.getByLabel('Choice 1 name').fill('Happy');
      await sets.getByLabel('Choice 1 value').fill('happy');
      await sets.getByLabel('Choice 2 name').fill('Sad');
      await sets.getByLabel('Choice 2 value').fill('sad');
      await sets.getByRole('button', { name: 'Save Set' }).click();
      await page.getByText('A new multiple choices set has been created').waitFor();
      await sets.getByText('Happy (happy), Sad (sad)').waitFor();
      await sets.getByRole('button', { name: 'Close' }).last().click();
      await sets.waitFor({ state: 'hidden' });

      // Question 1: multiple choice with the set.
      await page.getByRole('button', { name: 'Add Question', exact: true }).click();
      await card(page, 1).waitFor();
      await setNumber(page, 1, 'Q1');
      await typeQuestionText(page, 1, 'How do you feel?');
      await setType(page, 1, 'mc');
      await responseOf(page, 1).getByLabel('Multiple choices set').selectOption({ label: 'Mood' });

      // Question 2: text, shown only when Sad is chosen in question 1.
      await addQuestionAfter(page, 1);
      await setNumber(page, 2, 'Q2');
      await typeQuestionText(page, 2, 'What made you sad?');
      await responseOf(page, 2).getByLabel('Pre label').fill('Because');
      await card(page, 2).getByRole('button', { name: 'Visibility Condition' }).click();
      const condition = page.getByRole('dialog', { name: /^Visibility Condition: Question 2/ });
      await condition.getByRole('button', { name: 'Add Condition' }).click();
      await condition.getByText('Please select a question.').waitFor();
      await condition.getByLabel('Question', { exact: true }).selectOption({ label: 'Question 1 (Q1): How do you feel?' });
      await condition.getByLabel('Response', { exact: true }).selectOption({ label: 'Response 1 (Multiple choice)' });
      await condition.getByLabel('Operator').selectOption('is selected');
      await condition.getByLabel('Value').selectOption({ label: 'Sad' });
      await condition.getByRole('button', { name: 'Add Condition' }).click();
      await condition.getByText('Response 1 (Multiple choice) is selected "Sad (sad)"').waitFor();
      await condition.getByRole('button', { name: 'Close' }).last().click();
      await condition.waitFor({ state: 'hidden' });
      await card(page, 2).getByText('Visible under 1 condition').waitFor();

      // Question 3: time, date format.
      await addQuestionAfter(page, 2);
      await setNumber(page, 3, 'Q3');
      await setType(page, 3, 'time');
      await responseOf(page, 3).getByLabel('Picker format').selectOption('DD MM YYYY');
      await responseOf(page, 3).getByLabel('Instruction message').fill('Pick the date');

      // Question 4: duration in hours only.
      await addQuestionAfter(page, 3);
      await setNumber(page, 4, 'Q4');
      await setType(page, 4, 'duration');
      await responseOf(page, 4).getByRole('checkbox', { name: 'Minute' }).uncheck();

      // Question 5: slider.
      await addQuestionAfter(page, 4);
      await setNumber(page, 5, 'Q5');
      await setType(page, 5, 'slider');
      await responseOf(page, 5).getByLabel('Maximum', { exact: true }).fill('100');
      await responseOf(page, 5).getByLabel('Minimum label').fill('Not at all');
      await responseOf(page, 5).getByLabel('Maximum label').fill('Very much');

      // Question 6: text area, mandatory.
      await addQuestionAfter(page, 5);
      await setNumber(page, 6, 'Q6');
      await setType(page, 6, 'textarea');
      await responseOf(page, 6).getByRole('checkbox', { name: 'Mandatory when visible' }).check();

      // Question 7: photo upload.
      await addQuestionAfter(page, 6);
      await setNumber(page, 7, 'Q7');
      await setType(page, 7, 'photoUpload');

      // Question 8: an instruction (no number needed).
      await addQuestionAfter(page, 7, 'Instruction');
      expect(await responseOf(page, 8).getByLabel('Response type').inputValue()).toBe('instruction');
      await typeQuestionText(page, 8, 'Now look at this picture.');

      // Question 9: media, the uploaded image chosen with the media picker.
      await addQuestionAfter(page, 8);
      await setType(page, 9, 'media');
      expect(await responseOf(page, 9).getByRole('checkbox', { name: 'Mandatory when visible' }).count()).toBe(0);
      // The files are called media files here too, as in the navigation and on their page.
      expect(await responseOf(page, 9).getByLabel('Media source').locator('option:checked').textContent()).toBe('Media file');
      await page.getByRole('link', { name: 'Media Files', exact: true }).waitFor();
      await responseOf(page, 9).getByRole('button', { name: 'Choose Media File' }).click();
      const picker = page.getByRole('dialog', { name: 'Choose a Media File' });
      await picker.getByRole('list', { name: 'Media files' }).getByText('Sleeping cat').click();
      await picker.waitFor({ state: 'hidden' });
      await responseOf(page, 9).getByText('Sleeping cat').waitFor();

      await page.getByRole('button', { name: 'Save Changes' }).click();
      await page.getByText('Changes have been saved').waitFor();

      // What the server keeps.
      const saved = await product.api.call<Questionnaire>('GET', `/api/qx_list/${questionnaireId}`, { token: session.token });
      expect(saved.chin_content.map((q) => [q.question_num, q.other_info.map((r) => r.type)])).toEqual([
        ['Q1', ['mc']],
        ['Q2', ['text']],
        ['Q3', ['time']],
        ['Q4', ['duration']],
        ['Q5', ['slider']],
        ['Q6', ['textarea']],
        ['Q7', ['photoUpload']],
        ['', ['instruction']],
        ['', ['media']],
      ]);
      expect(saved.chin_content[1].dependency).toEqual([
        { or: [{ dependent_qpos: 0, dependent_response_pos: 0, criterion_operator: 'is selected', criterion_value: 'sad' }] },
      ]);
      expect(saved.chin_content[8].other_info[0]).toMatchObject({ media_source: 'uploaded', media_type: 'image', media_url: image.file });

      // Reloaded, the editor shows the same questionnaire.
      await page.reload();
      await page.getByRole('heading', { name: 'Edit Questionnaire' }).waitFor();
      await card(page, 9).waitFor();
      expect(await page.getByRole('region', { name: /^Question \d+$/ }).count()).toBe(9);
      expect(await page.getByLabel('Questionnaire Name').inputValue()).toBe('Evening Check-in');
      await expectText(card(page, 1), 'How do you feel?');
      expect(await responseOf(page, 1).getByLabel('Multiple choices set').inputValue()).toBe(saved.chin_content[0].other_info[0].choices);
      expect(await responseOf(page, 2).getByLabel('Pre label').inputValue()).toBe('Because');
      await card(page, 2).getByText('Visible under 1 condition').waitFor();
      expect(await responseOf(page, 3).getByLabel('Picker format').inputValue()).toBe('DD MM YYYY');
      expect(await responseOf(page, 3).getByLabel('Instruction message').inputValue()).toBe('Pick the date');
      expect(await responseOf(page, 4).getByRole('checkbox', { name: 'Minute' }).isChecked()).toBe(false);
      expect(await responseOf(page, 4).getByRole('checkbox', { name: 'Hour' }).isChecked()).toBe(true);
      expect(await responseOf(page, 5).getByLabel('Maximum', { exact: true }).inputValue()).toBe('100');
      expect(await responseOf(page, 5).getByLabel('Maximum label').inputValue()).toBe('Very much');
      expect(await responseOf(page, 6).getByRole('checkbox', { name: 'Mandatory when visible' }).isChecked()).toBe(true);
      expect(await responseOf(page, 7).getByLabel('Response type').inputValue()).toBe('photoUpload');
      expect(await responseOf(page, 8).getByLabel('Response type').inputValue()).toBe('instruction');
      expect(await responseOf(page, 9).getByLabel('Media source').inputValue()).toBe('uploaded');
      expect(await responseOf(page, 9).getByTestId('chosen-media').textContent()).toBe(image.file.slice(image.file.lastIndexOf('/') + 1));

      // The preview shows question 2 only while Sad is chosen.
      await page.getByRole('button', { name: 'Preview' }).click();
      const preview = page.getByRole('dialog', { name: 'Preview: Evening Check-in' });
      await preview.getByText('How do you feel?').waitFor();
      await preview.getByText('Now look at this picture.').waitFor();
      expect(await preview.getByText('What made you sad?').count()).toBe(0);
      // Only questions are titled (the instruction and the media item are not), by the researcher's numbers.
      expect(await preview.getByRole('heading', { level: 3 }).allTextContents()).toEqual(['Q1', 'Q3', 'Q4', 'Q5', 'Q6 * (required)', 'Q7']);
      // The mandatory text area is marked for the eye and for screen readers.
      expect(await preview.getByRole('heading', { name: 'Q6 (required)' }).locator('[aria-hidden="true"]').textContent()).toBe(' *');
      expect(await preview.getByRole('textbox', { name: /^Q6 \(required\)/ }).getAttribute('aria-required')).toBe('true');
      // The uploaded image is shown from its signed address, not named.
      const picture = preview.getByRole('img', { name: 'Image of the question' });
      await picture.waitFor();
      expect(await picture.evaluate((img: HTMLImageElement) => img.decode().then(() => img.naturalWidth))).toBe(1);
      expect(await preview.getByText(image.file.slice(image.file.lastIndexOf('/') + 1)).count()).toBe(0);
      // The slider has no value until one is chosen.
      const slider = preview.getByRole('slider', { name: /^Q5/ });
      await preview.getByText('No value chosen').waitFor();
      await slider.focus();
      await page.keyboard.press('ArrowRight');
      await preview.getByText('Chosen: 50').waitFor();
      await page.keyboard.press('ArrowRight');
      await preview.getByText('Chosen: 51').waitFor();
      // On a 320 px phone nothing in the questionnaire is wider than the screen.
      await page.setViewportSize({ width: 320, height: 700 });
      const widths = await preview.locator('.modal-body').evaluate((body) => ({ scroll: body.scrollWidth, client: body.clientWidth }));
      expect(widths.scroll).toBeLessThanOrEqual(widths.client);
      await preview.getByRole('radio', { name: 'Sad' }).check();
      await preview.getByText('What made you sad?').waitFor();
      await preview.getByRole('radio', { name: 'Happy' }).check();
      await preview.getByText('What made you sad?').waitFor({ state: 'detached' });
    }));
});
