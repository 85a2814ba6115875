// The SQLite answer writer's thread: requests that arrive while it is busy are written in one transaction and
// each is answered; an answer whose photo another answer of that transaction took is refused alone, and a group
// that cannot be written fails alone.
import path from 'node:path';
import { createTestApp, json, labUserToken, ownerToken, seedLab, type TestApp } from '../support/testApp';
import { send } from '../support/api';
import { appLogin, createParticipant, createQuestionnaire, createStudy, setGroupSettings } from '../support/participants';
import { makeQuestion } from '../../../src/shared/questionnaire/operations';
import { startThread, stopThread } from '../../../src/server/threads';
import { newWalLength } from '../../../src/server/repositories/walRestart';
import { newSequentialId } from '../../../src/server/ids';
import type { AnswerWrite } from '../../../src/server/repositories/answerWrites';
import { sentItems } from '../../../src/server/repositories/answerFingerprint';
import type { WriterData, WriterReply, WriterRequest } from '../../../src/server/repositories/answerWriterWorker';
import type { AppTasksAnswer } from '../../../src/shared/types/participantApp';

jest.setTimeout(60_000);

describe('the answer writer thread', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(async () => t.close(), 30_000);

  it('writes the requests waiting for it in one transaction, refusing only the answer whose photo is taken; an answer whose account is gone is refused alone', async () => {
    const owner = await ownerToken(t.app);
    const lab = await seedLab(t.app, owner);
    const manager = await labUserToken(t.app, lab.managerEmail, lab.managerPassword);
    const questionnaire = await createQuestionnaire(t.app, manager, () => [{ ...makeQuestion('q1', 'r1'), question_num: '1', position: 0 }]);
    const study = await createStudy(t.app, manager, { active: true });
    await setGroupSettings(t.app.ctx.db, study.stage_list[0].participant_group_list[0]._id, { anytime: [questionnaire._id] });
    const participant = await createParticipant(t.app, manager, study._id);
    const session = await appLogin(t.app, participant.email);
    const planned = json<AppTasksAnswer>(await send(t.app, { method: 'GET', url: `/api/app/studies/${study._id}/tasks`, token: session.token }));
    const db = t.app.ctx.db;
    const task = await db.selectFrom('tasks').selectAll().where('id', '=', planned.anytime[0]._id).executeTakeFirstOrThrow();
    const photoId = newSequentialId();
    const now = new Date().toISOString();
    await db
      .insertInto('photo_uploads')
      .values({ id: photoId, participant_id: participant._id, object_key: `photos/${photoId}.jpg`, content_type: 'image/jpeg', max_bytes: 100, expires_at: now, used_at: null, submission_id: null, created_at: now })
      .execute();
    const write = (n: number, photoIds: string[]): AnswerWrite => ({
      submission: {
        id: newSequentialId(),
        participant_id: participant._id,
        participation_id: task.participation_id,
        client_submission_id: `together-${n}`,
        study_id: study._id,
        stage_id: task.stage_id,
        group_id: task.group_id,
        task_id: task.id,
        questionnaire_id: task.questionnaire_id,
        questionnaire_version_id: task.questionnaire_version_id,
        started_at: now,
        submitted_at: now,
        received_at: now,
        late: 0,
        scores: null,
        shown_order: null,
        shown_texts: null,
        exclusive_task_id: null,
      },
      sentTaskId: task.id,
      items: sentItems([{ question_pos: 0, response_pos: 0, value: `answer ${n}` }]),
      completes: [],
      clockOffsetMs: 0,
      photoIds,
      followups: [],
    });
    const groups = [[write(1, [photoId])], [write(2, [photoId]), write(3, [])]];
    const messages = await sendTogether(groups);

    expect(messages).toHaveLength(1);
    expect(messages[0]).toEqual([
      { id: 1, results: [{ _id: groups[0][0].submission.id, status: 201 }] },
      { id: 2, results: [{ refused: 'photoTaken' }, { _id: groups[1][1].submission.id, status: 201 }] },
    ]);
    const stored = await db.selectFrom('submissions').select('client_submission_id').where('participant_id', '=', participant._id).orderBy('client_submission_id').execute();
    expect(stored.map((s) => s.client_submission_id)).toEqual(['together-1', 'together-3']);
    const photo = await db.selectFrom('photo_uploads').select('submission_id').where('id', '=', photoId).executeTakeFirstOrThrow();
    expect(photo.submission_id).toBe(groups[0][0].submission.id);

    // A group that cannot be written (its participant is gone) is refused alone; the group beside it is stored.
    const gone = write(5, []);
    const groupsWithFailure = [[write(4, [])], [{ ...gone, submission: { ...gone.submission, participant_id: 'no-such-participant' } }]];
    const [replies] = await sendTogether(groupsWithFailure);
    expect(replies[0]).toEqual({ id: 1, results: [{ _id: groupsWithFailure[0][0].submission.id, status: 201 }] });
    // Issue 36: an answer whose account is gone (erased on its way) is refused alone rather than failing its group.
    expect(replies[1]).toEqual({ id: 2, results: [{ refused: 'accountErased' }] });
  });

  /**
   * Sends the groups to a writer thread that is only starting, so that they all wait for it (it takes the first
   * and finds the rest waiting); its messages.
   */
  async function sendTogether(groups: AnswerWrite[][]): Promise<WriterReply[][]> {
    const writer = startThread('repositories/answerWriterWorker', { sqliteFile: path.join(t.config.dataDir, 'portal.sqlite'), walLength: newWalLength() } satisfies WriterData);
    const replies = new Promise<WriterReply[][]>((resolve) => {
      const received: WriterReply[][] = [];
      const onMessage = (message: WriterReply[]) => {
        received.push(message);
        if (received.flat().length === groups.length) {
          writer.off('message', onMessage);
          resolve(received);
        }
      };
      writer.on('message', onMessage);
    });
    groups.forEach((writes, i) => writer.postMessage({ id: i + 1, writes: JSON.stringify(writes), count: writes.length } satisfies WriterRequest));
    try {
      return await replies;
    } finally {
      await stopThread(writer);
    }
  }
});
