// Words of the Participant List that the specification does not spell (issue 18): what choosing a stage and a
// group offers, and the name of each row's menu.
export const participantListTexts = {
  title: 'Participant List',
  chooseStageAndGroup:
    'Choose a stage and a group to act on its participants: assign them to another stage, see their EMA schedule and diary assessments, download their image data, withdraw them or mark them as completed, and download the group’s responses.',
  actionsMenu: 'Actions',
} as const;
