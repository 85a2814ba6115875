// The one name of the lab's media files wherever the portal shows them: the navigation, the Media Files page
// (the specification's page title) and the questionnaire editor's button and picker.
export const mediaNames = {
  /** The page's title, and the navigation entry that opens it. */
  page: 'Media Files',
  /** The list inside the picker. */
  list: 'Media files',
  /** A media question's source that is one of these files. */
  source: 'Media file',
  /** The questionnaire editor's button that opens the picker. */
  choose: 'Choose Media File',
  /** The picker's title. */
  pickerTitle: 'Choose a Media File',
} as const;
