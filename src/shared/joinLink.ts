// The participant app's join link (issue 19): a researcher copies or prints it from the Participant List, and the
// app joins the study it names. The origin is the organization's host the researcher is on, so each
// organization's link opens the app in its own name and colours.

/** The app's route that joins the study whose code follows. */
export const APP_JOIN_PATH = '/app/join/';

export function joinLink(origin: string, studyCode: string): string {
  return `${origin}${APP_JOIN_PATH}${encodeURIComponent(studyCode)}`;
}
