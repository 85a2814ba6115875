// A participant's data rights (issue 36 part 3): the study's choice on the Edit Study page and its rule's
// messages, and the messages of the participant's erasure.
export const dataRightsMessages = {
  heading: 'Participant data rights',
  keepAnswersLabel: "Keep a participant's answers, with no link to them, when they erase their account",
  retentionUntilLabel: 'Delete answers and photos after (date, optional)',
  save: 'Save Data Rights',
  saved: 'Data rights settings were saved',
  keepAnswersLocked: 'Whether answers are kept on erasure cannot be changed once the study has been activated or anyone has joined it',
  retentionDateInvalid: 'The retention date must be a date such as 2027-12-31',
  accountErased: 'Your account and its data were deleted',
  erasePasswordWrong: 'The password is not correct',
  participantErased: "The participant's data in this study was erased",
  eraseAction: 'Erase',
  eraseTitle: 'Erase this participant?',
  eraseDetails: (code: string) =>
    `Participant ${code}'s answers and photos in this study are deleted, or kept with no link to them, as the study's data rights say; if they take part in no other study, their account and email are erased too. This cannot be undone.`,
  eraseYes: 'Erase',
} as const;
