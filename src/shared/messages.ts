// Every text the product shows or answers, defined once. Texts quoted from the specification keep its
// exact wording (typos included); texts the specification leaves open are recorded in docs/decisions.md.
// Each area's texts are a module of their own (src/shared/messages/), so that the portal's first load carries
// only the texts of its first screens and each page's texts come with its own code.

export { authMessages } from './messages/auth';
export { generalMessages } from './messages/general';
export { richTextMessages } from './messages/richText';
export { mediaMessages } from './messages/media';
export { studyMessages } from './messages/study';
export { portalMessages } from './messages/portal';
export { assessmentMessages } from './messages/assessment';
export { participantMessages } from './messages/participant';
export { joinLinkTexts } from './messages/joinLink';
export { pilotMessages } from './messages/pilot';
export { pilotWarningTexts } from './messages/pilotWarnings';
export { liveEditTexts, liveEditPartNames, impactCountNames, questionnaireVersionTexts } from './messages/liveEdits';
