// What the system owner's study calls look up before the shared study services do their work: the owner
// reaches any lab's study, and names a managing user who must be a user of the lab the list is for.
import type { Db } from '../../repositories/db';
import type { LabUserRow, StudyRow } from '../../db/types';
import { authMessages, studyMessages } from '../../../shared/messages';
import { badRequest, notFound } from '../../httpErrors';
import { findLab } from '../../repositories/labs';
import { findLabUser } from '../../repositories/labUsers';
import { findStudy, findStudyOfStage } from '../../repositories/studies';

export async function anyStudy(db: Db, id: string): Promise<StudyRow> {
  const study = await findStudy(db, id);
  if (!study) throw notFound(studyMessages.studyNotFound);
  return study;
}

export async function studyOfAnyStage(db: Db, stageId: string): Promise<StudyRow> {
  const study = await findStudyOfStage(db, stageId);
  if (!study) throw notFound(studyMessages.stageNotFound);
  return study;
}

export async function managingUser(db: Db, userId: string): Promise<LabUserRow> {
  const user = await findLabUser(db, userId);
  if (!user) throw notFound(authMessages.userNotFound);
  return user;
}

/** The lab's user who manages the listed studies; a user of another lab is a contradiction in the request. */
export async function managingUserOfLab(db: Db, labId: string, userId: string): Promise<LabUserRow> {
  const lab = await findLab(db, labId);
  if (!lab) throw notFound(authMessages.labNotFound);
  const user = await managingUser(db, userId);
  if (user.lab_id !== lab.id) throw badRequest(studyMessages.managedByOtherLab);
  return user;
}
