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
