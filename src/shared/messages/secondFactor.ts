// What two-step sign-in (issue 36 part 1) says, on the server and in the portal.
export const secondFactorMessages = {
  alreadyOn: 'Two-step sign-in is already on',
  notStarted: 'Start adding two-step sign-in first',
  notOn: 'Two-step sign-in is not on',
  wrongCode: 'The code is not right',
  challengeExpired: 'This sign-in has expired or was already used. Please sign in again.',
  wrongPassword: 'The password is not right',
  removed: 'Two-step sign-in has been removed',
  setupRequired: 'Please add two-step sign-in before using the portal',
  requiredCannotRemove: 'Two-step sign-in is required for your account and cannot be removed',
} as const;
