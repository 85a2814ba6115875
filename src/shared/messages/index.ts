// Every text the product shows or answers, defined once. Texts quoted from the specification keep its
// exact wording (typos included); texts the specification leaves open are recorded in docs/decisions.md.
// Each area's texts are a module of their own (src/shared/messages/), so that the portal's first load carries
// only the texts of its first screens and each page's texts come with its own code.

export { authMessages } from './auth';
export { secondFactorMessages, secondFactorTexts } from './secondFactor';
export { generalMessages } from './general';
export { richTextMessages } from './richText';
export { mediaMessages } from './media';
export { studyMessages } from './study';
export { portalMessages } from './portal';
export { assessmentMessages } from './assessment';
export { followupEditorTexts, followupMessages } from './followups';
export { participantMessages } from './participant';
export { deviceMessages, deviceTexts } from './device';
export { joinLinkTexts } from './joinLink';
export { pilotMessages } from './pilot';
export { pilotWarningTexts } from './pilotWarnings';
export { liveEditTexts, liveEditPartNames, impactCountNames, questionnaireVersionTexts } from './liveEdits';
export { promptingMessages } from './prompting';
export { apiKeyMessages, apiKeyTexts } from './apiKeys';
export { studyFileMessages } from './studyFile';
export { dataRightsMessages } from './dataRights';
