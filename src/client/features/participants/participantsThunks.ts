import { createApiThunk } from '../../app/createApiThunk';
import { participantsApi } from './participantsApi';

export const fetchParticipantStudy = createApiThunk('participants/fetchStudy', participantsApi.study);
export const fetchParticipants = createApiThunk('participants/fetchParticipants', participantsApi.list);
// The dialog shows its own failure (an email in use): once, there, not also in the red alert behind it.
export const createParticipant = createApiThunk('participants/createParticipant', participantsApi.create, { showsOwnFailure: true });
export const assignParticipant = createApiThunk('participants/assignParticipant', participantsApi.assign);
export const setParticipationStatus = createApiThunk('participants/setParticipationStatus', participantsApi.setStatus);
export const fetchEmaTasks = createApiThunk('participants/fetchEmaTasks', participantsApi.emaTasks);
export const fetchDiaryTasks = createApiThunk('participants/fetchDiaryTasks', participantsApi.diaryTasks);
