// Seeds a lab's content through the real API (as the lab's pages would create it), so that a journey can open
// any page or dialog of the portal with something on it: a study, a questionnaire with a multiple-choice set and
// questions that use it, an uploaded image, and a second lab member; and a study with an arrived participant.
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { Organization } from '../../../src/shared/organizations';
import { makeQuestion, makeResponse } from '../../../src/shared/questionnaire/operations';
import type { MultipleChoiceSet, Question, Questionnaire } from '../../../src/shared/questionnaire/types';
import { newDiarySetting, newEmaSetting, type AssessmentListItem } from '../../../src/shared/study/assessmentSettings';
import type { LabUser } from '../../../src/shared/types/identity';
import type { MediaFile } from '../../../src/shared/types/media';
import type { AppSession, AppTasksAnswer } from '../../../src/shared/types/participantApp';
import type { Study } from '../../../src/shared/types/study';
import { seedLab, uniqueEmail, type Api, type SeededLab } from './api';
import { markActive, movePlanBack } from './plan';
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
  const study = await api.call<Study>('POST', '/api/studies', { token, body: { chin_name: 'Seeded study' } });
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

export interface SeededParticipation {
  study: Study;
  /** The participant, in stage 2, group 1, arrived two days ago with an EMA and a diary plan. */
  participant: { _id: string; participant_code: string; email: string };
}

/**
 * An active study of two stages whose stage 2, group 1 has an EMA setting (09:00 and 21:00 for 7 days) and a
 * 7-day diary, with one participant assigned there who consented and loaded their tasks in the app two days
 * ago (the plan moved back in the server's database) and answered the first prompt: the Participant List has a
 * row with every action, the EMA Schedule upcoming prompts, the diary dialog a task and Study Progress a chart.
 */
export async function seedParticipation(api: Api, server: RunningServer, token: string, organization: Organization): Promise<SeededParticipation> {
  let study = await api.call<Study>('POST', '/api/studies', { token, body: { chin_name: 'Sleep and Mood' } });
  study = await api.call<Study>('PUT', `/api/studies/${study._id}/add_stage`, { token });
  await api.call('PUT', `/api/studies/${study._id}/edit_basic`, {
    token,
    body: { chin_name: 'Sleep and Mood', contact_person_name: 'Dr. Chan', contact_email: 'chan@example.org' },
  });
  const questionnaire = async (chin_name: string, abbrev: string): Promise<AssessmentListItem> => {
    const created = await api.call<Questionnaire>('POST', '/api/qx_list', { token, body: { chin_name, abbrev } });
    const q = { ...makeQuestion('q1', 'r1'), question_num: '1', html_question: `<p>${chin_name}: how was it?</p>` };
    await api.call('PUT', `/api/qx_list/${created._id}/edit`, { token, body: { ...created, chin_content: [q] } });
    return { _id: created._id, chin_name, abbrev };
  };
  const mood = await questionnaire('Evening Mood', 'MOOD');
  const sleep = await questionnaire('Sleep Diary', 'SLEEPD');
  const stage2 = study.stage_list[1];
  const group = stage2.participant_group_list[0];
  await api.call('PUT', `/api/studies/${study._id}/edit_except_consent`, {
    token,
    body: {
      stage_list: [
        {
          _id: stage2._id,
          participant_group_list: [
            {
              _id: group._id,
              ema_list: [{ ...newEmaSetting(), questionnaire_list: [mood], time_list: ['09:00', '21:00'], number_of_days: 7 }],
              diary_list: [{ ...newDiarySetting(), questionnaire_list: [sleep], number_of_days: 7 }],
            },
          ],
        },
      ],
    },
  });
  markActive(server.dataDir, study._id);
  study = { ...study, active_status: 'active' };
  const email = uniqueEmail(`participant${organization}`);
  const password = 'participant-pass-1';
  const { participant } = await api.call<{ participant: { _id: string; participant_code: string } }>('POST', `/api/participants/${study._id}/create`, {
    token,
    body: { studyId: study._id, email, password, confirmPassword: password },
  });
  await api.call('PATCH', `/api/participants/${participant._id}/assign_group`, {
    token,
    body: { studyId: study._id, stageId: stage2._id, groupId: group._id },
  });
  const session = await api.call<AppSession>('POST', '/api/app/login', { body: { email, password } });
  await api.call('POST', `/api/app/studies/${study._id}/consent`, { token: session.token, body: { agree: true } });
  await api.call('GET', `/api/app/studies/${study._id}/tasks`, { token: session.token });
  movePlanBack(server.dataDir, email, 48);
  // The first prompt now due was shown and answered in time, so the chart has a rate above zero.
  const later = await api.call<AppTasksAnswer>('GET', `/api/app/studies/${study._id}/tasks`, { token: session.token });
  const [first] = later.ema
    .filter((t) => !t.reminder && Date.parse(t.notification_datetime) < Date.now())
    .sort((x, y) => x.notification_datetime.localeCompare(y.notification_datetime));
  if (!first) throw new Error('No EMA prompt is due two days after the arrival');
  const shownAt = new Date(Date.parse(first.notification_datetime) + 60_000).toISOString();
  await api.call('POST', `/api/app/studies/${study._id}/events`, { token: session.token, body: { events: [{ taskId: first._id, kind: 'delivered', at: shownAt }] } });
  await api.call('POST', `/api/app/studies/${study._id}/responses`, {
    token: session.token,
    body: {
      submissionId: randomUUID(),
      taskId: first._id,
      questionnaireId: first.questionnaire._id,
      startedAt: shownAt,
      submittedAt: shownAt,
      answers: [{ question_pos: 0, response_pos: 0, value: 'Calm' }],
    },
  });
  return { study, participant: { _id: participant._id, participant_code: participant.participant_code, email } };
}
