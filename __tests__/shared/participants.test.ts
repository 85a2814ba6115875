// The participant rules of part 2 section 5, in the specification's order, with its exact texts.
import { participantMessages } from '../../src/shared/messages';
import {
  assignProblem,
  lastArrival,
  newParticipantProblem,
  photoUploadProblem,
  PHOTO_MAX_BYTES,
  withAssignedStage,
} from '../../src/shared/participants';
import { authMessages } from '../../src/shared/messages';

describe('participant messages quoted by the specification', () => {
  it.each([
    [participantMessages.emailRequired, 'Please fill in email'],
    [participantMessages.passwordsRequired, 'Please fill in password and confirm password'],
    [participantMessages.confirmDifferent, 'You entered a different confirmed password'],
    [participantMessages.stageRequired, 'Assigned stage cannot be empty'],
    [participantMessages.groupRequired, 'Assigned group cannot be empty'],
    [participantMessages.assigned, 'Participant has been assigned to the designated stage'],
    [participantMessages.noParticipants, 'No participant is found'],
    [participantMessages.noUpcomingEma, 'There is no upcoming EMA task scheduled for this participant.'],
    [participantMessages.noDiary, 'There is no diary assessmnet assigned to this participant.'],
  ])('%j', (actual, quoted) => {
    expect(actual).toBe(quoted);
  });

  it('has no two texts alike', () => {
    const texts = Object.values(participantMessages);
    expect(new Set(texts).size).toBe(texts.length);
  });
});

describe('Create New Participant', () => {
  const ok = { email: 'p@example.org', password: 'secret-123', confirmPassword: 'secret-123' };

  it('checks email, then both passwords, then that they match', () => {
    expect(newParticipantProblem({ ...ok, email: '  ' })).toBe(participantMessages.emailRequired);
    expect(newParticipantProblem({ ...ok, email: '', password: '' })).toBe(participantMessages.emailRequired);
    expect(newParticipantProblem({ ...ok, password: '' })).toBe(participantMessages.passwordsRequired);
    expect(newParticipantProblem({ ...ok, confirmPassword: '' })).toBe(participantMessages.passwordsRequired);
    expect(newParticipantProblem({ ...ok, confirmPassword: 'secret-124' })).toBe(participantMessages.confirmDifferent);
    expect(newParticipantProblem(ok)).toBeNull();
  });

  it('then applies the account rules', () => {
    expect(newParticipantProblem({ ...ok, email: 'not-an-email' })).toBe(authMessages.invalidEmail);
    expect(newParticipantProblem({ ...ok, password: 'short', confirmPassword: 'short' })).toBe(authMessages.passwordTooShort);
  });

  it('without a confirmation checks email and password only', () => {
    expect(newParticipantProblem({ email: ok.email, password: ok.password }, false)).toBeNull();
    expect(newParticipantProblem({ email: ok.email }, false)).toBe(participantMessages.passwordsRequired);
  });
});

describe('Assign To Another Stage', () => {
  it('needs a stage, then a group', () => {
    expect(assignProblem({ stageId: '', groupId: 'g' })).toBe(participantMessages.stageRequired);
    expect(assignProblem({ stageId: 's', groupId: null })).toBe(participantMessages.groupRequired);
    expect(assignProblem({ stageId: 's', groupId: 'g' })).toBeNull();
  });

  it('choosing a stage resets the group', () => {
    expect(withAssignedStage({ stageId: 'a', groupId: 'g' }, 'b')).toEqual({ stageId: 'b', groupId: null });
  });
});

describe('photo uploads and arrivals', () => {
  it('takes JPEG and PNG up to 10 MB', () => {
    expect(photoUploadProblem('image/png', PHOTO_MAX_BYTES)).toBeNull();
    expect(photoUploadProblem('image/jpeg', 1)).toBeNull();
    expect(photoUploadProblem('image/gif', 1)).toBe(participantMessages.photoOnly);
    expect(photoUploadProblem('image/png', PHOTO_MAX_BYTES + 1)).toBe(participantMessages.photoTooLarge);
    expect(photoUploadProblem('image/png', 0)).toBe(participantMessages.photoTooLarge);
  });

  it('shows the last arrival', () => {
    expect(lastArrival([])).toBeNull();
    expect(lastArrival([{ start_datetime: 'a' }, { start_datetime: 'b' }])).toBe('b');
  });
});
