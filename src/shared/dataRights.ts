// A study's data-rights choice (issue 36 part 3): whether a participant's erasure keeps their answers with no
// link to a person (the consent form says so; fixed before anyone joins), and a retention date after which the
// study's answers and photos are deleted. The server checks a change with dataRightsProblem; the Edit Study page
// shows the same message.
import { dataRightsMessages } from './messages/dataRights';

export interface DataRights {
  keepAnswersOnErasure: boolean;
  /** YYYY-MM-DD, or null when answers are kept until the study is deleted. */
  retentionUntil: string | null;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether the text is a real calendar date written YYYY-MM-DD. */
export function isCalendarDate(text: string): boolean {
  const match = DATE.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** The message of the first rule the settings break, or null when they may be saved. */
export function dataRightsProblem(settings: DataRights): string | null {
  if (settings.retentionUntil !== null && !isCalendarDate(settings.retentionUntil)) return dataRightsMessages.retentionDateInvalid;
  return null;
}
