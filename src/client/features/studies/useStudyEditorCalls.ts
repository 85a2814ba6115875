// The calls for the study editor, of the lab user (/studies/{id}/edit) or of the system owner
// (/systemowner/studies/{studyId}/{managedByUserId}/edit): each dispatches the caller's thunk, so the caller's
// studies slice keeps the study and every call's request state, and failures reach the red alert. The owner
// holds every permission entry and saves basic information on its own as well as with Save Changes (part 2
// section 7).
import { useCallback, useMemo } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { paths } from '../../app/paths';
import { selectReplaying } from '../../app/qa/qaSlice';
import { useSiteConfig } from '../../app/site/useSiteConfig';
import type { StudyEditorCalls, TriggerQuestionnaireCalls } from './editor/editorCalls';
import { studiesOf } from './studiesSlice';
import { fetchTriggerQuestionnaire, selectTriggerQuestionnaires, selectTriggerRequest } from './triggerQuestionnaireSlice';
import { useStudyAccess } from './useStudyAccess';

/** Whose editor: the lab user's, or the system owner's on behalf of the study's managing user. */
export type EditorCaller = { scope: 'labUser' } | { scope: 'systemOwner'; managedByUserId: string };

type Operation = 'save' | 'previewImpact' | 'saveBasicInfo' | 'addStage' | 'deleteStage' | 'addGroup' | 'deleteGroup' | 'editConsent' | 'savePrompting';

const holdsEveryEntry = () => true;

export function useStudyEditorCalls(caller: EditorCaller, studyId: string): StudyEditorCalls {
  const { scope } = caller;
  const managedByUserId = caller.scope === 'systemOwner' ? caller.managedByUserId : null;
  const scoped = studiesOf[scope];
  const dispatch = useAppDispatch();
  const current = useAppSelector(scoped.selectStudy);
  const loadId = useAppSelector(scoped.selectStudyLoadId);
  const requests = useAppSelector(scoped.selectStudiesRequests);
  const questionnaireOptions = useAppSelector(scoped.selectQuestionnaireOptions);
  const prompting = useAppSelector(scoped.selectPrompting);
  // A QA tester replaying a snapshot sees the screen it describes: nothing is fetched over it.
  const replaying = useAppSelector(selectReplaying);
  const config = useSiteConfig();
  // The owner's editor must not read the lab user's entries, who may be signed in too.
  const labUserCan = useStudyAccess();
  const can = scope === 'systemOwner' ? holdsEveryEntry : labUserCan;

  const triggersLoaded = useAppSelector(selectTriggerQuestionnaires);
  const triggerRequest = useAppSelector(selectTriggerRequest);
  const loadTrigger = useCallback(
    (questionnaireId: string) => {
      if (!replaying) void dispatch(fetchTriggerQuestionnaire(questionnaireId));
    },
    [dispatch, replaying],
  );
  // The owner has no call reading a questionnaire whole (systemOwnerQuestionnaires.ts lists them only).
  const triggerQuestionnaires = useMemo<TriggerQuestionnaireCalls | undefined>(
    () => (scope === 'labUser' ? { loaded: triggersLoaded, request: triggerRequest, load: loadTrigger } : undefined),
    [scope, triggersLoaded, triggerRequest, loadTrigger],
  );

  const load = useCallback(() => {
    if (!replaying) void dispatch(studiesOf[scope].fetchStudy(studyId));
  }, [dispatch, scope, studyId, replaying]);
  const loadPrompting = useCallback(() => {
    if (!replaying) void dispatch(studiesOf[scope].fetchPrompting(studyId));
  }, [dispatch, scope, studyId, replaying]);
  const loadQuestionnaireOptions = useCallback(() => {
    if (replaying) return;
    // The owner's are the managing user's lab's.
    if (managedByUserId === null) void dispatch(studiesOf.labUser.fetchQuestionnaireOptions());
    else void dispatch(studiesOf.systemOwner.fetchQuestionnaireOptions(managedByUserId));
  }, [dispatch, managedByUserId, replaying]);

  const operations = useMemo<Pick<StudyEditorCalls, Operation>>(() => {
    const { editExceptConsent, previewStudyEdit, editBasicInfo, addStage, deleteStage, addGroup, deleteGroup, editConsent, editPrompting } = studiesOf[scope];
    return {
      save: async (body) => editExceptConsent.fulfilled.match(await dispatch(editExceptConsent({ studyId, body }))),
      previewImpact: async (body) => {
        const result = await dispatch(previewStudyEdit({ studyId, body }));
        return previewStudyEdit.fulfilled.match(result) ? result.payload : null;
      },
      saveBasicInfo: async (body) => {
        const result = await dispatch(editBasicInfo({ studyId, body }));
        return editBasicInfo.fulfilled.match(result) ? result.payload.message : null;
      },
      addStage: async () => addStage.fulfilled.match(await dispatch(addStage(studyId))),
      deleteStage: async (stage) => deleteStage.fulfilled.match(await dispatch(deleteStage({ studyId, stageNum: stage.stage_num }))),
      addGroup: async (stage) => addGroup.fulfilled.match(await dispatch(addGroup(stage._id))),
      deleteGroup: async (_stage, group) => deleteGroup.fulfilled.match(await dispatch(deleteGroup({ studyId, groupId: group._id }))),
      editConsent: async (body) => {
        const result = await dispatch(editConsent({ studyId, body }));
        return editConsent.fulfilled.match(result) ? result.payload.message : null;
      },
      savePrompting: async (body) => editPrompting.fulfilled.match(await dispatch(editPrompting({ studyId, body }))),
    };
  }, [dispatch, scope, studyId]);

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
        prompting: requests.prompting,
        savePrompting: requests.editPrompting,
      },
      prompting: prompting?.studyId === studyId ? prompting.settings : null,
      loadPrompting,
      questionnaireOptions,
      timezones: config.timezones,
      can,
      backHref: scope === 'systemOwner' ? paths.systemOwnerStudies.getHref() : paths.studies.getHref(),
      load,
      loadQuestionnaireOptions,
      triggerQuestionnaires,
      ...operations,
    }),
    [triggerQuestionnaires, current, studyId, loadId, requests, prompting, loadPrompting, questionnaireOptions, config.timezones, can, scope, load, loadQuestionnaireOptions, operations],
  );
}
