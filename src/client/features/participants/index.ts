// What the app and other features use of participants: the pages, and how a moment is written in a study's
// time zone (the pilot shows its plan the same way).
export { participantsPages } from './pages';
export { browserZone, momentText } from './dateTime';
export { studyZone } from './clock/studyZone';
