// The system owner's calls for the study editor (/systemowner/studies/{studyId}/{managedByUserId}/edit): the
// same editor as the lab user's, fed with the owner's thunks. The owner holds every permission entry and saves
// basic information on its own as well as with Save Changes (part 2 section 7).
import { useCallback, useMemo } from 'react';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { paths } from '../../../app/paths';
import { selectReplaying } from '../../../app/qa/qaSlice';
import { useSiteConfig } from '../../../app/site/useSiteConfig';
import type { StudyEditorCalls } from '../editor/editorCalls';
import {
  selectOwnerQuestionnaireOptions,
  selectOwnerStudiesRequests,
  selectOwnerStudy,
  selectOwnerStudyLoadId,
} from './ownerStudiesSlice';
import {
  addOwnerGroup,
  addOwnerStage,
  deleteOwnerGroup,
  deleteOwnerStage,
  editOwnerBasicInfo,
  editOwnerConsent,
  editOwnerStudy,
  fetchOwnerQuestionnaireOptions,
  fetchOwnerStudy,
  previewOwnerStudyEdit,
} from './ownerStudiesThunks';

type Operation = 'save' | 'previewImpact' | 'saveBasicInfo' | 'addStage' | 'deleteStage' | 'addGroup' | 'deleteGroup' | 'editConsent';

const holdsEveryEntry = () => true;

export function useSystemOwnerEditorCalls(studyId: string, managedByUserId: string): StudyEditorCalls {
  const dispatch = useAppDispatch();
  const current = useAppSelector(selectOwnerStudy);
  const loadId = useAppSelector(selectOwnerStudyLoadId);
  const requests = useAppSelector(selectOwnerStudiesRequests);
  const questionnaireOptions = useAppSelector(selectOwnerQuestionnaireOptions);
  // A QA tester replaying a snapshot sees the screen it describes: nothing is fetched over it.
  const replaying = useAppSelector(selectReplaying);
  const config = useSiteConfig();

  const load = useCallback(() => {
    if (!replaying) void dispatch(fetchOwnerStudy(studyId));
  }, [dispatch, studyId, replaying]);
  const loadQuestionnaireOptions = useCallback(() => {
    if (!replaying) void dispatch(fetchOwnerQuestionnaireOptions(managedByUserId));
  }, [dispatch, managedByUserId, replaying]);

  const operations = useMemo<Pick<StudyEditorCalls, Operation>>(
    () => ({
      save: async (body) => editOwnerStudy.fulfilled.match(await dispatch(editOwnerStudy({ studyId, body }))),
      previewImpact: async (body) => {
        const result = await dispatch(previewOwnerStudyEdit({ studyId, body }));
        return previewOwnerStudyEdit.fulfilled.match(result) ? result.payload : null;
      },
      saveBasicInfo: async (body) => {
        const result = await dispatch(editOwnerBasicInfo({ studyId, body }));
        return editOwnerBasicInfo.fulfilled.match(result) ? result.payload.message : null;
      },
      addStage: async () => addOwnerStage.fulfilled.match(await dispatch(addOwnerStage(studyId))),
      deleteStage: async (stage) =>
        deleteOwnerStage.fulfilled.match(await dispatch(deleteOwnerStage({ studyId, stageNum: stage.stage_num }))),
      addGroup: async (stage) => addOwnerGroup.fulfilled.match(await dispatch(addOwnerGroup(stage._id))),
      deleteGroup: async (_stage, group) =>
        deleteOwnerGroup.fulfilled.match(await dispatch(deleteOwnerGroup({ studyId, groupId: group._id }))),
      editConsent: async (body) => {
        const result = await dispatch(editOwnerConsent({ studyId, body }));
        return editOwnerConsent.fulfilled.match(result) ? result.payload.message : null;
      },
    }),
    [dispatch, studyId],
  );

  return useMemo(
    () => ({
      study: current && current._id === studyId ? current : null,
      loadId,
      requests: {
        load: requests.study,
        save: requests.editExceptConsent,
        previewImpact: requests.editImpact,
        saveBasicInfo: requests.editBasic,
        addStage: requests.addStage,
        deleteStage: requests.deleteStage,
        addGroup: requests.addGroup,
        deleteGroup: requests.deleteGroup,
        editConsent: requests.editConsent,
        questionnaireOptions: requests.questionnaireOptions,
      },
      questionnaireOptions,
      timezones: config.timezones,
      can: holdsEveryEntry,
      backHref: paths.systemOwnerStudies.getHref(),
      load,
      loadQuestionnaireOptions,
      ...operations,
    }),
    [current, studyId, loadId, requests, questionnaireOptions, config.timezones, load, loadQuestionnaireOptions, operations],
  );
}
