import { createApiThunk } from '../../app/createApiThunk';
import { participantsApi } from './participantsApi';

export const fetchParticipantStudy = createApiThunk('participants/fetchStudy', participantsApi.study);
export const fetchParticipants = createApiThunk('participants/fetchParticipants', participantsApi.list);
export const createParticipant = createApiThunk('participants/createParticipant', participantsApi.create);
export const assignParticipant = createApiThunk('participants/assignParticipant', participantsApi.assign);
export const setParticipationStatus = createApiThunk('participants/setParticipationStatus', participantsApi.setStatus);
export const fetchEmaTasks = createApiThunk('participants/fetchEmaTasks', participantsApi.emaTasks);
export const fetchDiaryTasks = createApiThunk('participants/fetchDiaryTasks', participantsApi.diaryTasks);
