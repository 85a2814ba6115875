// Participant accounts and joining a study: shared by the researcher's Create New Participant and the app's
// sign-up and join. Emails are unique among participants (case-insensitive); passwords are argon2id hashes.
import { randomInt } from 'node:crypto';
import type { Db } from '../../repositories/db';
import type { ParticipantRow, ParticipationRow } from '../../db/types';
import { participantMessages, studyMessages } from '../../../shared/messages';
import { normalizeEmail } from '../../../shared/validation/identity';
import { PARTICIPANT_CODE_ALPHABET, PARTICIPANT_CODE_LENGTH } from '../../../shared/participants';
import { conflict, notFound } from '../../httpErrors';
import { findFirstPlace, findParticipantByEmail, insertParticipant, insertParticipation } from '../../repositories/participants';
import { hashPassword } from '../identity/passwords';
import { newId, nowIso } from '../../ids';
import { isUniqueViolation } from '../../repositories/uniqueViolation';

export function newParticipantCode(): string {
  let code = '';
  for (let i = 0; i < PARTICIPANT_CODE_LENGTH; i += 1) code += PARTICIPANT_CODE_ALPHABET[randomInt(PARTICIPANT_CODE_ALPHABET.length)];
  return code;
}

/** A new account; the email must not be taken by another participant. The rules are checked by the caller. */
export async function createParticipantAccount(
  db: Db,
  input: { email: string; password: string; createdBy: string | null; pilot?: boolean },
): Promise<ParticipantRow> {
  const email = normalizeEmail(input.email);
  if (await findParticipantByEmail(db, email)) throw conflict(participantMessages.emailTaken);
  const passwordHash = await hashPassword(input.password);
  for (let attempt = 0; attempt < 8; attempt += 1) {
    const row: ParticipantRow = {
      id: newId(),
      participant_code: newParticipantCode(),
      email,
      password_hash: passwordHash,
      created_by: input.createdBy,
      created_at: nowIso(),
      pilot: input.pilot ? 1 : 0,
      prompt_emails: 1,
      app_language: null,
    };
    try {
      await insertParticipant(db, row);
      return row;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      // Two sign-ups with one email at once: the loser hears that it is taken. Otherwise the code was taken.
      if (await findParticipantByEmail(db, email)) throw conflict(participantMessages.emailTaken);
    }
  }
  throw new Error('could not draw a unique participant code');
}

/**
 * Joins a participant to a study in stage 1, group 1. When stage 1 asks for consent the participation waits as
 * `invited` until the participant agrees; otherwise it is `enrolled` at once. One participation per study.
 */
export async function startParticipation(db: Db, participantId: string, studyId: string, pilot = false): Promise<ParticipationRow> {
  const first = await findFirstPlace(db, studyId);
  if (!first) throw notFound(studyMessages.studyNotFound);
  const now = nowIso();
  const row: ParticipationRow = {
    id: newId(),
    participant_id: participantId,
    study_id: studyId,
    status: first.consent_needed ? 'invited' : 'enrolled',
    current_stage_id: first.stage_id,
    current_group_id: first.group_id,
    arrive_assigned: 0,
    assignment_num: 1,
    assigned_at: now,
    joined_at: now,
    consent_text: null,
    consented_at: null,
    withdrawn_at: null,
    completed_at: null,
    // A pilot participation's clock starts at the real now (offset 0); a real one has none.
    pilot_offset_ms: pilot ? 0 : null,
  };
  try {
    await insertParticipation(db, row);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(participantMessages.alreadyInStudy);
    throw error;
  }
  return row;
}
