// Pilot mode (issue 20): the texts of the pilot API, recorded in docs/decisions.md.
export const pilotMessages = {
  notPilot: 'This pilot was not found',
  clockBack: 'The pilot clock cannot go back: choose a moment after its current time',
  noNextPrompt: "There is no later prompt in this pilot's plan",
  advanceOrTo: 'Give either advance or to',
  momentInvalid: 'to must be a moment in ISO-8601 form',
  groupNeedsStage: 'A group can only be chosen with its stage',
  pilotCannotJoin: 'A pilot account only runs its own pilot: it cannot join a study',
  pilotReset: 'The pilot has been reset: its answers and plan were removed',
} as const;
