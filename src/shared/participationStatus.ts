// A participation's end (PARTICIPANTS.md "The participant's life in a study", step 6): `withdrawn` by the
// researcher or the participant, `completed` by the researcher or when the last stage's plan has ended. Which
// moves make sense from which status, and what the researcher and the participant hear, live here once: the
// server refuses with these messages, the portal shows only the moves that make sense.
import { participantMessages } from './messages/participant';
import type { Participant, ParticipationStatus } from './types/participant';

export const PARTICIPATION_ENDS = ['withdrawn', 'completed'] as const;
export type ParticipationEnd = (typeof PARTICIPATION_ENDS)[number];

/** Who asks: the researcher on the Participant List, or the participant in the app. */
export type EndingParty = 'researcher' | 'participant';

export const participationStatusMessages = {
  withdrawn: 'Participant has been withdrawn from the study',
  completed: 'Participant has been marked as completed',
  alreadyCompleted: 'This participant has already completed the study',
  notConsented: 'This participant has not agreed to the consent form, so cannot be marked as completed',
  completedNotAssignable: 'This participant has completed the study and cannot be assigned to another stage',
  youCompleted: 'You have completed this study',
  confirmWithdraw: 'Withdraw this participant?',
  confirmComplete: 'Mark this participant as completed?',
} as const;

/** What the confirmation dialog says will happen: nothing is lost, and the move is final. */
export function endConsequences(to: ParticipationEnd, participantCode: string): string {
  const what = to === 'withdrawn' ? 'withdrawn from the study' : 'marked as completed';
  return `Participant ${participantCode} will be ${what}. Their tasks still to come are cancelled; every answer they have given is kept. This cannot be undone.`;
}

/**
 * Why a participation in `from` cannot move to `to`, or null when it can. Both ends are final: withdrawing or
 * completing twice, and one after the other, are refused (409), so the moment first recorded stays true.
 * Completing needs consent: a participant who never agreed has nothing to complete and is withdrawn instead.
 */
export function endProblem(from: ParticipationStatus, to: ParticipationEnd, who: EndingParty): string | null {
  if (from === 'withdrawn') return who === 'participant' ? participantMessages.alreadyWithdrawn : participantMessages.participantWithdrawn;
  if (from === 'completed') return who === 'participant' ? participationStatusMessages.youCompleted : participationStatusMessages.alreadyCompleted;
  if (to === 'completed' && from === 'invited') return participationStatusMessages.notConsented;
  return null;
}

/** Assign To Another Stage moves only a participation that has not ended. */
export function assignStatusProblem(from: ParticipationStatus): string | null {
  if (from === 'withdrawn') return participantMessages.participantWithdrawn;
  if (from === 'completed') return participationStatusMessages.completedNotAssignable;
  return null;
}

/** PATCH /api/participants/{participantId}/status */
export interface SetParticipationStatusBody {
  studyId: string;
  status: ParticipationEnd;
}

export interface ParticipationStatusAnswer {
  message: string;
  participant: Participant;
}
