import { createApiThunk } from '../../../app/createApiThunk';
import { ownerStudiesApi } from './ownerStudiesApi';

// Every call carries the owner's token, so a 401 ends the owner's session (app/unauthorizedMiddleware.ts).
const owner = { session: 'systemOwner' } as const;

export const fetchOwnerStudies = createApiThunk('ownerStudies/fetchStudies', ownerStudiesApi.list, owner);
export const createOwnerStudy = createApiThunk('ownerStudies/createStudy', ownerStudiesApi.create, owner);
export const fetchOwnerStudy = createApiThunk('ownerStudies/fetchStudy', ownerStudiesApi.get, owner);
export const deleteOwnerStudy = createApiThunk('ownerStudies/deleteStudy', ownerStudiesApi.remove, owner);
export const activateOwnerStudy = createApiThunk('ownerStudies/activateStudy', ownerStudiesApi.activate, owner);
export const deactivateOwnerStudy = createApiThunk('ownerStudies/deactivateStudy', ownerStudiesApi.deactivate, owner);
export const addOwnerStage = createApiThunk('ownerStudies/addStage', ownerStudiesApi.addStage, owner);
export const deleteOwnerStage = createApiThunk('ownerStudies/deleteStage', ownerStudiesApi.deleteStage, owner);
export const addOwnerGroup = createApiThunk('ownerStudies/addGroup', ownerStudiesApi.addGroup, owner);
export const deleteOwnerGroup = createApiThunk('ownerStudies/deleteGroup', ownerStudiesApi.deleteGroup, owner);
export const editOwnerConsent = createApiThunk('ownerStudies/editConsent', ownerStudiesApi.editConsent, owner);
export const editOwnerBasicInfo = createApiThunk('ownerStudies/editBasic', ownerStudiesApi.editBasic, owner);
export const editOwnerStudy = createApiThunk('ownerStudies/editExceptConsent', ownerStudiesApi.editExceptConsent, owner);
export const previewOwnerStudyEdit = createApiThunk('ownerStudies/previewStudyEdit', ownerStudiesApi.editImpact, owner);
export const fetchOwnerQuestionnaireOptions = createApiThunk(
  'ownerStudies/fetchQuestionnaireOptions',
  ownerStudiesApi.questionnaireOptions,
  owner,
);
