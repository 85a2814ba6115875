/**
 * The Participant List's Join Link dialog (issue 19): the study's join link, its QR code, Copy and Print. The
 * specification has no such dialog; the words are recorded in docs/decisions.md.
 */
export const joinLinkTexts = {
  button: 'Join Link',
  title: 'Join Link',
  explain: 'Participants join this study by opening this link on their phone, or by scanning the QR code with its camera.',
  inactive: 'This study is not active: participants can join only once it is active.',
  linkLabel: 'Link',
  copy: 'Copy Link',
  copied: 'The link has been copied.',
  /** When the browser does not let the page copy: the link is selected instead. */
  copyBySelf: 'The link is selected: press Ctrl+C (⌘C on a Mac) to copy it.',
  print: 'Print',
  qrAlt: (studyCode: string) => `QR code of the join link of study ${studyCode}`,
  qrFailed: 'The QR code could not be drawn. Please reload the page and try again.',
  close: 'Close',
} as const;
