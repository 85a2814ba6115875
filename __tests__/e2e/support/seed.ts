// Seeds a lab's content through the real API (as the lab's pages would create it), so that a journey can open
// any page or dialog of the portal with something on it: a study, a questionnaire with a multiple-choice set and
// questions that use it, an uploaded image, and a second lab member.
import http from 'node:http';
import type { Organization } from '../../../src/shared/organizations';
import { makeQuestion, makeResponse } from '../../../src/shared/questionnaire/operations';
import type { MultipleChoiceSet, Question, Questionnaire } from '../../../src/shared/questionnaire/types';
import type { LabUser } from '../../../src/shared/types/identity';
import type { MediaFile } from '../../../src/shared/types/media';
import type { Study } from '../../../src/shared/types/study';
import { seedLab, uniqueEmail, type Api, type SeededLab } from './api';
import type { RunningServer } from './server';

/** A valid 1×1 PNG. */
export const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

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

/** Uploads a PNG through the real upload flow (grant, PUT, register), as the Create File page does. */
export async function uploadImage(api: Api, server: RunningServer, token: string, labId: string, name: string): Promise<MediaFile> {
  const grant = await api.call<{ url: string; file: string; contentType: string }>('POST', '/api/files/genLabS3URL', {
    token,
    body: { filePath: 'picture.png', fileType: 'image/png', requestType: 'putObject', fileSize: PNG.length },
  });
  const status = await putBytes(server, grant.url, PNG, grant.contentType);
  if (status !== 200) throw new Error(`Uploading the image answered ${status}`);
  return api.call<MediaFile>('POST', '/api/files/createfiles', { token, body: { lab: labId, name, type: 'image', file: grant.file, size: PNG.length } });
}

export interface SeededContent extends SeededLab {
  token: string;
  member: LabUser;
  study: Study;
  questionnaire: Questionnaire;
  mcSet: MultipleChoiceSet;
  image: MediaFile;
}

/**
 * A lab with its manager, a second member, a blank study, an uploaded image and a questionnaire whose first
 * question asks a multiple choice from a set, the second a text and the third shows the image. `ownerApi` talks
 * to the main host (the owner's calls are served only there), `api` to the organization's host.
 */
export async function seedLabContent(ownerApi: Api, api: Api, server: RunningServer, organization: Organization): Promise<SeededContent> {
  const seeded = await seedLab(ownerApi, organization);
  const owner = await ownerApi.ownerLogin();
  const member = await ownerApi.registerByOwner(owner.token, seeded.lab._id, {
    email: uniqueEmail(`member${organization}`),
    password: 'member-password-1',
    isLabManager: false,
  });
  const { token } = await api.login({ email: seeded.manager.email, password: seeded.managerPassword, organization });
  const study = await api.call<Study>('POST', '/api/studies', { token });
  const image = await uploadImage(api, server, token, seeded.lab._id, 'Sleeping cat');
  const created = await api.call<Questionnaire>('POST', '/api/qx_list', { token, body: { chin_name: 'Evening Check-in', abbrev: 'EVE1' } });
  const { set: mcSet } = await api.call<{ set: MultipleChoiceSet }>('POST', `/api/qx_list/${created._id}/mc`, {
    token,
    body: { name: 'Mood', choices: [{ name: 'Happy', value: 'happy' }, { name: 'Sad', value: 'sad' }] },
  });
  const question = (n: number, text: string, response: Partial<Question['other_info'][number]>): Question => {
    const q = makeQuestion(`seed-q${n}`, `seed-r${n}`);
    return { ...q, question_num: `Q${n}`, html_question: `<p>${text}</p>`, other_info: [{ ...makeResponse(`seed-r${n}`), ...response }] };
  };
  const questionnaire = await api.call<Questionnaire>('PUT', `/api/qx_list/${created._id}/edit`, {
    token,
    body: {
      chin_name: created.chin_name,
      abbrev: created.abbrev,
      chin_content: [
        question(1, 'How do you feel?', { type: 'mc', choices: mcSet._id }),
        question(2, 'What made you feel so?', { type: 'text' }),
        question(3, 'Look at this picture.', { type: 'media', media_type: 'image', media_source: 'uploaded', media_url: image.file }),
      ],
    },
  });
  return { ...seeded, token, member, study, questionnaire, mcSet, image };
}
