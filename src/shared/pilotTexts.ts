// The portal's texts of pilot mode (issue 20). The spec has none; they are recorded in docs/decisions.md. The
// server's messages of the pilot API are in messages/pilot.ts.
export const pilotTexts = {
  pilotButton: 'Pilot this study',
  dialogTitle: 'Pilot this study',
  dialogIntro: 'A pilot participant walks the schedule of the stage and group you choose, on a clock you move forward.',
  stageLabel: 'Stage',
  groupLabel: 'Group',
  start: 'Start pilot',
  cancel: 'Cancel',
  pageTitle: 'Pilot',
  frameTitle: 'The participant app of the pilot participant',
  noSession: 'This pilot is not open in this window. Start a new pilot from the study to see its participant app.',
  clockTitle: 'Pilot clock',
  nowLabel: 'Pilot time',
  toNextPrompt: 'To the next prompt',
  plusHour: '+1 hour',
  plusDay: '+1 day',
  momentLabel: 'Move to',
  moveTo: 'Move',
  planTitle: 'Plan',
  emptyPlan: 'The pilot participant has no task in this stage and group',
  reset: 'Reset pilot',
  resetQuestion: 'Reset this pilot?',
  resetDetails: 'Its answers and plan are removed and the plan is made again at the pilot time. The clock stays where it is.',
  includePilot: 'Include pilot data',
  pilotBadge: 'Pilot',
  /** The plan's kinds of a follow-up (issue 34 part 1): planned by an answer, not by the EMA settings. */
  followupKind: 'Follow-up prompt',
  followupReminderKind: 'Follow-up reminder',
} as const;

/** How a plan row's state reads in the summary. */
export const pilotTaskStates: Record<string, string> = {
  planned: 'Planned',
  completed: 'Completed',
  expired: 'Expired',
  missed: 'Missed',
  cancelled: 'Cancelled',
};
