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

/** The portal's words for two-step sign-in: the account page's section and the sign-in's code step. */
export const secondFactorTexts = {
  accountHeading: 'Your account',
  heading: 'Two-step sign-in',
  off: 'Two-step sign-in is off. With it, a password alone cannot sign in to your account.',
  on: (left: number) => `Two-step sign-in is on. Recovery codes left: ${left}.`,
  required: 'Two-step sign-in is required for your account. Please add it to use the portal.',
  start: 'Add an authenticator app',
  scan: 'Scan this QR code with your authenticator app, or enter the secret in it:',
  qrAlt: 'QR code for your authenticator app',
  secretLabel: 'Secret',
  codeLabel: 'Code',
  confirm: 'Turn on',
  cancel: 'Cancel',
  recoveryHeading: 'Your recovery codes',
  recoveryWarning:
    'Keep these codes somewhere safe: they are shown only now. Each signs in once in place of a code, if you lose your phone.',
  recoveryKept: 'I have kept them',
  remove: 'Remove two-step sign-in',
  removeHelp: 'Enter your password and a current code (or a recovery code) to remove it.',
  removeQuestion: 'Remove two-step sign-in? Your password alone will sign in again.',
  passwordLabel: 'Password',
  stepHelp: 'Enter the code from your authenticator app, or one of your recovery codes.',
  stepSubmit: 'Verify',
  stepBack: 'Back',
  requireLab: "Require two-step sign-in of this lab's users (each adds it at their next sign-in)",
  requireOwners: 'Require two-step sign-in of system owners (each adds it at their next sign-in)',
} as const;
