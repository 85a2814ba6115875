// The fixed columns of the analysis export's tasks_long.csv, read by the export and by the reading scripts.

/** The fixed columns of tasks_long.csv with what the codebook says of each. */
export const ANALYSIS_TASK_COLUMNS: readonly (readonly [string, string])[] = [
  ['participant_id', 'The participant ID'],
  ['email', "The participant's email"],
  ['withdrawn', 'yes when the participant has withdrawn from the study (their answers are kept)'],
  ['stage', 'Stage number'],
  ['group', 'Participant group number'],
  ['questionnaire_code', 'Code (abbreviation) of the questionnaire'],
  ['task_kind', 'ema, diary, once (one-time) or anytime'],
  ['task_id', 'The task (for a diary, one row per day of the same task)'],
  ['timezone', 'Time zone of the local times'],
  ['day_of_study', 'Day of the study, 1 being the day the participant first loaded the stage'],
  ['prompt_of_day', 'EMA: number of the prompt within its day (1 = first)'],
  ['planned_utc', 'EMA: when the notification was planned (UTC)'],
  ['planned_local', 'EMA: planned notification (local time); diary: the day'],
  ['window_closes_utc', 'EMA: when the response window closes (UTC)'],
  ['delivered_utc', 'When the app showed the notification (UTC); empty when it never reported one'],
  ['delivered_local', 'When the app showed the notification (local time)'],
  ['opened_utc', 'When the participant opened the task (UTC)'],
  ['opened_local', 'When the participant opened the task (local time)'],
  ['submitted_utc', 'When the answer was submitted (UTC); empty when not answered'],
  ['submitted_local', 'When the answer was submitted (local time)'],
  ['status', 'planned, delivered, opened, completed, expired (window closed without an answer) or cancelled'],
  ['late', 'yes when the answer came after the response window (or the diary) closed'],
];
