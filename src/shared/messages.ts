// Every text the product shows or answers, defined once. Texts quoted from the specification keep its
// exact wording (typos included); texts the specification leaves open are recorded in docs/decisions.md.
import { MAX_MINUTES, MAX_NUMBER_OF_DAYS, MAX_TIMES_PER_DAY, MIN_REMINDER_INTERVAL_MINUTES } from './limits';

export const authMessages = {
  registrationSuccess: 'Registration Success!',
  passwordsDoNotMatch: 'Passwords do not match',
  invalidEmail: 'Please input valid email',
  emailRequired: 'Email is required',
  passwordRequired: 'Password is required',
  confirmPasswordRequired: 'Please confirm the password',
  passwordTooShort: 'Password must be at least 8 characters',
  passwordTooLong: 'Password must be at most 128 characters',
  labNameRequired: 'Lab name is required',
  organizationRequired: 'Please select an organization',
  invalidCredentials: 'Incorrect email or password',
  wrongOrganization: 'This account does not belong to this organization',
  tooManyAttempts: 'Too many sign-in attempts. Please wait a few minutes and try again.',
  sessionMissing: 'Please sign in',
  sessionExpired: 'Your session has expired. Please sign in again.',
  sessionOrganization: 'Your session belongs to another organization. Please sign in again.',
  signedOut: 'You have been signed out',
  systemOwnerOnly: 'Only the system owner can do this',
  systemOwnerMainHostOnly: 'System owner pages are available only on the main host',
  labManagerOnly: 'Only lab managers can do this',
  labUserOnly: 'Only lab users can do this',
  emailTaken: 'This email is already registered',
  userNotFound: 'User not found',
  labNotFound: 'Lab not found',
  userUpdated: 'User has been updated',
  userDeleted: 'User has been deleted',
  labCreated: 'Lab has been created',
  cannotDeleteSelf: 'You cannot delete your own account',
  accessEntryUnknown: 'Unknown permission entry',
} as const;

export const generalMessages = {
  areYouSure: 'Are you sure?',
  confirm: 'Confirm?',
  oops: 'Oops! Something went wrong!',
  notFound: 'Not found',
  pageNotFound: 'Page not found',
  pageNotFoundDetail: 'There is no page at this address. It may have moved, or the link may be mistyped.',
  malformedBody: 'The request body is not valid JSON',
  invalidRequest: 'The request is not valid',
  payloadTooLarge: 'The request is too large',
  serverError: 'Something went wrong on the server. Please try again.',
  networkError: 'Network Error',
  forbidden: 'You do not have permission to do this',
} as const;

/** The rich-text editor's Insert Image dialog (the image goes into the text, so only the browser checks it). */
export const richTextMessages = {
  imageFileRequired: 'Please choose an image file',
  imageFileType: 'The image must be a PNG, JPEG or GIF file',
  imageAltRequired: 'Please describe the image, or mark it as decorative',
} as const;

export const mediaMessages = {
  wrongExtension: 'files must be in .JPG .JPEG .PNG .MP3 or .MP4 format',
  imageTooLarge: 'Image should be no more than 2MB in size',
  audioTooLarge: 'Audio should be no more than 20MB in size',
  videoTooLarge: 'Video should be no more than 30MB in size',
  fileNameRequired: 'File name is required',
  pickerEmpty: 'Please upload files first',
  fileNotFound: 'File not found',
  fileRenamed: 'File name has been updated',
  fileDeleted: 'File has been deleted',
  fileCreated: 'File has been uploaded',
  uploadLinkInvalid: 'This upload link is not valid or has expired. Please try the upload again.',
  uploadWrongContentType: 'The file was sent with a different content type than the one requested',
  uploadMissing: 'The file has not been uploaded yet. Please try the upload again.',
  uploadMismatch: 'The uploaded file does not match the file described',
  contentNotAsNamed: 'The content of this file does not match its extension. Files must be in .JPG .JPEG .PNG .MP3 or .MP4 format',
  quotaExceeded: 'This lab has used all of its 2 GB of storage. Delete some files first.',
  wrongLab: 'Files can only be added to your own lab',
  fileRequired: 'Please choose a file to upload',
  pickerNoMatch: 'No uploaded file matches this search',
  noFiles: 'No file has been uploaded yet.',
} as const;

export const studyMessages = {
  consentUpdated: 'Consent Form Updated',
  stageAdded: 'Stage Added',
  stageDeleted: 'Stage Deleted',
  groupAdded: 'Participant Group Added',
  groupDeleted: 'Participant Group Deleted',
  basicInfoChanged: 'Study information was changed successfully',
  changesSaved: 'Changes have been saved',
  structureChangeWarning:
    'This operation will remove unsaved changes. Please save changes first if you have not done that. Are you sure you want to go ahead?',
  studyNotFound: 'Study not found',
  studyActivated: 'Study has been activated',
  studyDeactivated: 'Study has been deactivated',
  studyDeleted: 'Study has been deleted',
  onlyInactiveDelete: 'Only an inactive study can be deleted. Deactivate it first.',
  studyAlreadyActive: 'The study is already active',
  studyAlreadyInactive: 'The study is already inactive',
  stageNotFound: 'Stage not found',
  groupNotFound: 'Participant group not found',
  studyNameTooLong: 'Study name must be at most 500 characters',
  contactPersonTooLong: 'Contact person must be at most 200 characters',
  consentTooLong: 'The consent form is too long',
  stageOneNotDeletable: 'Stage 1 cannot be deleted',
  groupOneNotDeletable: 'Participant Group 1 cannot be deleted',
  noGroupOnStageOne: 'Participant groups cannot be added to stage 1',
  groupNumberUnclear: 'More than one stage has a participant group with this number. Name the group by its id.',
  noStudies: 'There is no study yet.',
  managedByOtherLab: 'The managing user is not a user of the chosen lab',
} as const;

/** Feedback the browser portal gives on its own (no server answer to quote). */
export const portalMessages = {
  accessUpdated: 'Permissions have been updated',
  snapshotInvalid: 'This file is not a saved portal state',
  configUnavailable: 'The portal could not load its settings. Please reload the page.',
  /** Asked before a page with unsaved changes is left (a link, Back, Logout). */
  unsavedLeavePage: 'You have unsaved changes. Leave this page?',
  /** Asked before a dialog's (or a form's) unsaved changes are thrown away without leaving the page. */
  unsavedDiscard: 'You have unsaved changes. Discard them?',
} as const;

/** EMA and diary settings (part 2 section 5, in the order of their rules), then the server's shape checks. */
export const assessmentMessages = {
  emaQuestionnaireTaken: 'Questionnaire has been selected in another EMA setting',
  daysLargerThanZero: "'For number of days' field must be larger than 0",
  reminderNotNumber: 'Interval between reminder notifications must be a number',
  reminderTooSmall: 'Interval between reminder notifications cannot be empty or less than 5 minutes',
  needAssessmentTime: 'There must be at least one assessment time',
  needPeriod: 'There must be at least one period of time for setting randomized time',
  periodStartBeforeEnd: 'The start time of each period must be earlier than its end time',
  responseInNotNumber: "'Response has to be made within' field must be a number",
  responseInTooSmall: "'Response has to be made within' field cannot be empty or less than 5 minutes",
  reminderNotBelowResponseIn:
    "Interval between reminder notifications cannot be larger than or equal to the number in 'Response has to be made within' field",
  periodShorterThanResponseIn:
    "Each period of randomized time must be longer than the number in 'Response has to be made within' field",
  diaryQuestionnaireTaken: 'Questionnaire has been selected in another Diary Assessment setting',
  startDateRequired: 'Please specify the start date',
  daysWholeNumber: `'For number of days' field must be a whole number from 1 to ${MAX_NUMBER_OF_DAYS}`,
  minutesWholeNumber: `Minutes must be whole numbers from ${MIN_REMINDER_INTERVAL_MINUTES} to ${MAX_MINUTES}`,
  timeFormat: 'Times must be in HH:mm format',
  tooManyTimes: `A setting can have at most ${MAX_TIMES_PER_DAY} times or periods a day`,
  dateFormat: 'The start date must be a date (YYYY-MM-DD)',
  timezoneNotOffered: 'This time zone is not offered',
  questionnaireNotFound: 'Questionnaire not found',
} as const;
