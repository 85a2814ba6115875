// The lab user's calls for the study editor (/studies/{id}/edit): each dispatches its thunk, so the studies
// slice keeps the study and every call's request state, and failures reach the red alert.
import { useCallback, useMemo } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { paths } from '../../app/paths';
import { selectReplaying } from '../../app/qa/qaSlice';
import { useSiteConfig } from '../../app/site/useSiteConfig';
import type { StudyEditorCalls } from './editor/editorCalls';
import { selectQuestionnaireOptions, selectStudiesRequests, selectStudy, selectStudyLoadId } from './studiesSlice';
import {
  addGroup,
  addStage,
  deleteGroup,
  deleteStage,
  editBasicInfo,
  editConsent,
  editExceptConsent,
  fetchQuestionnaireOptions,
  fetchStudy,
  previewStudyEdit,
} from './studiesThunks';
import { useStudyAccess } from './useStudyAccess';

type Operation = 'save' | 'previewImpact' | 'saveBasicInfo' | 'addStage' | 'deleteStage' | 'addGroup' | 'deleteGroup' | 'editConsent';

export function useLabUserEditorCalls(studyId: string): StudyEditorCalls {
  const dispatch = useAppDispatch();
  const current = useAppSelector(selectStudy);
  const loadId = useAppSelector(selectStudyLoadId);
  const requests = useAppSelector(selectStudiesRequests);
  const questionnaireOptions = useAppSelector(selectQuestionnaireOptions);
  // A QA tester replaying a snapshot sees the screen it describes: nothing is fetched over it.
  const replaying = useAppSelector(selectReplaying);
  const config = useSiteConfig();
  const can = useStudyAccess();

  const load = useCallback(() => {
    if (!replaying) void dispatch(fetchStudy(studyId));
  }, [dispatch, studyId, replaying]);
  const loadQuestionnaireOptions = useCallback(() => {
    if (!replaying) void dispatch(fetchQuestionnaireOptions());
  }, [dispatch, replaying]);

  const operations = useMemo<Pick<StudyEditorCalls, Operation>>(
    () => ({
      save: async (body) =>
        editExceptConsent.fulfilled.match(await dispatch(editExceptConsent({ studyId, body }))),
      previewImpact: async (body) => {
        const result = await dispatch(previewStudyEdit({ studyId, body }));
        return previewStudyEdit.fulfilled.match(result) ? result.payload : null;
      },
      saveBasicInfo: async (body) => {
        const result = await dispatch(editBasicInfo({ studyId, body }));
        return editBasicInfo.fulfilled.match(result) ? result.payload.message : null;
      },
      addStage: async () => addStage.fulfilled.match(await dispatch(addStage(studyId))),
      deleteStage: async (stage) =>
        deleteStage.fulfilled.match(await dispatch(deleteStage({ studyId, stageNum: stage.stage_num }))),
      addGroup: async (stage) => addGroup.fulfilled.match(await dispatch(addGroup(stage._id))),
      deleteGroup: async (_stage, group) =>
        deleteGroup.fulfilled.match(await dispatch(deleteGroup({ studyId, groupId: group._id }))),
      editConsent: async (body) => {
        const result = await dispatch(editConsent({ studyId, body }));
        return editConsent.fulfilled.match(result) ? result.payload.message : null;
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
      can,
      backHref: paths.studies.getHref(),
      load,
      loadQuestionnaireOptions,
      ...operations,
    }),
    [current, studyId, loadId, requests, questionnaireOptions, config.timezones, can, load, loadQuestionnaireOptions, operations],
  );
}
