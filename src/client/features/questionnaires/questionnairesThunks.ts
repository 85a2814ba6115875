import { createApiThunk } from '../../app/createApiThunk';
import { questionnairesApi } from './questionnairesApi';
import { loadMcSets, loadQuestionnaire } from './preload';

export const fetchQuestionnaires = createApiThunk('questionnaires/fetchList', questionnairesApi.list);
// The dialog shows its own failure (a code in use): once, there, not also in the red alert behind it.
export const createQuestionnaire = createApiThunk('questionnaires/create', questionnairesApi.create, { showsOwnFailure: true });
export const fetchQuestionnaire = createApiThunk('questionnaires/fetchOne', loadQuestionnaire);
export const saveQuestionnaire = createApiThunk('questionnaires/save', questionnairesApi.save);
export const deleteQuestionnaire = createApiThunk('questionnaires/delete', questionnairesApi.remove);
export const fetchMcSets = createApiThunk('questionnaires/fetchMcSets', loadMcSets);
export const createMcSet = createApiThunk('questionnaires/createMcSet', questionnairesApi.createSet);
export const updateMcSet = createApiThunk('questionnaires/updateMcSet', questionnairesApi.updateSet);
export const deleteMcSet = createApiThunk('questionnaires/deleteMcSet', questionnairesApi.removeSet);
// Issue 21: the versions in use by participants' plans, and moving their future tasks to the content now.
export const fetchQuestionnaireVersions = createApiThunk('questionnaires/fetchVersions', questionnairesApi.versions);
export const repointQuestionnaire = createApiThunk('questionnaires/repoint', questionnairesApi.repoint);
