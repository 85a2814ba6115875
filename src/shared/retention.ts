// A study's retention date carried out (issue 36 part 3): the owner is mailed a week before; the day after the
// date the study's answers and photos are deleted, and every data download made afterwards says so.
import { isCalendarDate } from './dataRights';

/** Days before the retention date that the owner is mailed. */
export const RETENTION_NOTICE_DAYS = 7;

/** The calendar day `days` after (or before, when negative) a YYYY-MM-DD day. */
export function shiftDay(day: string, days: number): string {
  if (!isCalendarDate(day)) throw new Error(`not a calendar day: ${day}`);
  const [year, month, date] = day.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10);
}

/** Deleted once the retention date has passed: from the day after it. */
export function retentionPassed(retentionUntil: string, today: string): boolean {
  return today > retentionUntil;
}

/** Mailed from a week before the date until the deletion. */
export function retentionNoticeDue(retentionUntil: string, today: string): boolean {
  return today >= shiftDay(retentionUntil, -RETENTION_NOTICE_DAYS) && !retentionPassed(retentionUntil, today);
}

export const retentionTexts = {
  noticeSubject: (studyName: string, retentionUntil: string) => `${studyName}: answers will be deleted after ${retentionUntil}`,
  noticeBody: (studyName: string, retentionUntil: string) =>
    `The retention date of ${studyName} is ${retentionUntil}. After that day, every answer and photo of the study will be deleted from the portal, and cannot be downloaded again.`,
  noticeAdvice: 'Download the data you need before then, or change the retention date in Edit Study, data rights:',
  noticeFooter: 'You get this email once, a week before the retention date.',
  /** The statement in every data download made after the deletion. */
  deleted: (deletedOn: string, retentionUntil: string | null) =>
    `The answers and photos of this study were deleted on ${deletedOn} under the study's retention date${retentionUntil ? ` (${retentionUntil})` : ''}. Answers given after that day, if any, are included; the earlier ones are gone.`,
  /** The name of the file with that statement in the text responses' zip. */
  deletedFileName: 'ANSWERS_DELETED.txt',
} as const;
