import { createApiThunk } from '../../app/createApiThunk';
import { studiesApi } from './studiesApi';

export const fetchStudies = createApiThunk('studies/fetchStudies', studiesApi.list);
export const createStudy = createApiThunk('studies/createStudy', studiesApi.create);
export const fetchStudy = createApiThunk('studies/fetchStudy', studiesApi.get);
export const deleteStudy = createApiThunk('studies/deleteStudy', studiesApi.remove);
export const activateStudy = createApiThunk('studies/activateStudy', studiesApi.activate);
export const deactivateStudy = createApiThunk('studies/deactivateStudy', studiesApi.deactivate);
export const addStage = createApiThunk('studies/addStage', studiesApi.addStage);
export const deleteStage = createApiThunk('studies/deleteStage', studiesApi.deleteStage);
export const addGroup = createApiThunk('studies/addGroup', studiesApi.addGroup);
export const deleteGroup = createApiThunk('studies/deleteGroup', studiesApi.deleteGroup);
export const editBasicInfo = createApiThunk('studies/editBasicInfo', studiesApi.editBasic);
export const editConsent = createApiThunk('studies/editConsent', studiesApi.editConsent);
export const editExceptConsent = createApiThunk('studies/editExceptConsent', studiesApi.editExceptConsent);
export const previewStudyEdit = createApiThunk('studies/previewStudyEdit', studiesApi.editImpact);
export const fetchQuestionnaireOptions = createApiThunk('studies/fetchQuestionnaireOptions', studiesApi.questionnaireOptions);
