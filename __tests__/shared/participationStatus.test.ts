// Which ends make sense from which status, and what each party hears when one does not.
import { participantMessages } from '../../src/shared/messages';
import { assignStatusProblem, endConsequences, endProblem, participationStatusMessages as m } from '../../src/shared/participationStatus';
import { PARTICIPATION_STATUSES } from '../../src/shared/types/participant';

describe('endProblem', () => {
  it('allows withdrawing an invited or enrolled participation, completing an enrolled one only', () => {
    const allowed = PARTICIPATION_STATUSES.flatMap((from) =>
      (['withdrawn', 'completed'] as const).filter((to) => endProblem(from, to, 'researcher') === null).map((to) => `${from}->${to}`),
    );
    expect(allowed).toEqual(['invited->withdrawn', 'enrolled->withdrawn', 'enrolled->completed']);
  });

  it('says why, in the words of whoever asked', () => {
    expect(endProblem('withdrawn', 'withdrawn', 'researcher')).toBe(participantMessages.participantWithdrawn);
    expect(endProblem('withdrawn', 'withdrawn', 'participant')).toBe(participantMessages.alreadyWithdrawn);
    expect(endProblem('completed', 'withdrawn', 'researcher')).toBe(m.alreadyCompleted);
    expect(endProblem('completed', 'withdrawn', 'participant')).toBe(m.youCompleted);
    expect(endProblem('invited', 'completed', 'researcher')).toBe(m.notConsented);
  });
});

describe('assignStatusProblem', () => {
  it('refuses an ended participation, and only that', () => {
    expect(PARTICIPATION_STATUSES.map(assignStatusProblem)).toEqual([null, null, participantMessages.participantWithdrawn, m.completedNotAssignable]);
  });
});

describe('endConsequences', () => {
  it('names the participant, the cancelled tasks and the kept answers', () => {
    expect(endConsequences('withdrawn', 'AB12CD34')).toBe(
      'Participant AB12CD34 will be withdrawn from the study. Their tasks still to come are cancelled; every answer they have given is kept. This cannot be undone.',
    );
    expect(endConsequences('completed', 'AB12CD34')).toContain('will be marked as completed.');
  });
});
