// What the study editor needs from outside: the study as the server last sent it, the state of each call, and
// the calls themselves. The lab user's page (/studies/{id}/edit) passes the lab user's calls; the system
// owner's editor passes the owner's, and the same editor serves both (part 2 section 2.2).
import type { AccessName } from '../../../../shared/access';
import type { AssessmentListItem } from '../../../../shared/study/assessmentSettings';
import type { BasicInfoBody, ConsentBody, ParticipantGroup, Stage, Study, StudyEditBody } from '../../../../shared/types/study';

/** What names a stage to the structure calls: its id and its number. */
export type StageRef = Pick<Stage, '_id' | 'stage_num'>;
import type { RequestState } from '../../../../ui/state/requestState';
import type { LiveEditImpact } from '../../../../shared/types/liveEdits';
import type { PromptingSettings } from '../../../../shared/prompting';
import type { TriggerQuestionnaire } from '../triggerQuestionnaireSlice';

/** What the follow-up dialog reads of a trigger questionnaire: loaded ones by id, the call's state, the call. */
export interface TriggerQuestionnaireCalls {
  loaded: Readonly<Record<string, TriggerQuestionnaire>>;
  request: RequestState;
  load: (questionnaireId: string) => void;
}

export type EditorRequest =
  | 'load'
  | 'save'
  | 'previewImpact'
  | 'saveBasicInfo'
  | 'addStage'
  | 'deleteStage'
  | 'addGroup'
  | 'deleteGroup'
  | 'editConsent'
  | 'questionnaireOptions'
  | 'prompting'
  | 'savePrompting';

export interface StudyEditorCalls {
  /** The study as the server last answered it (null until loaded). */
  study: Study | null;
  /** Which answer brought the study whole: a new one (load, save, a stage or group added or deleted) restarts the unsaved edits. */
  loadId: string | null;
  requests: Record<EditorRequest, RequestState>;
  /** Every questionnaire of the study's lab, for the multi-selects. */
  questionnaireOptions: readonly AssessmentListItem[];
  /** The time zones the deployment offers (PORTAL_TIMEZONES). */
  timezones: readonly string[];
  /** Whether the user holds a permission entry (the system owner holds them all). */
  can: (name: AccessName) => boolean;
  /** Where to go back to when the study cannot be loaded. */
  backHref: string;
  load: () => void;
  loadQuestionnaireOptions: () => void;
  /** Each call answers whether it succeeded; a failure's message is shown by the caller's store (red alert). */
  save: (body: StudyEditBody) => Promise<boolean>;
  /** Save Changes' impact on participants already in their stage (issue 21), or null when the call failed. */
  previewImpact: (body: StudyEditBody) => Promise<LiveEditImpact | null>;
  /** Absent where basic information is saved only with Save Changes. Answers the server's message. */
  saveBasicInfo?: (body: BasicInfoBody) => Promise<string | null>;
  addStage: () => Promise<boolean>;
  deleteStage: (stage: StageRef) => Promise<boolean>;
  addGroup: (stage: StageRef) => Promise<boolean>;
  deleteGroup: (stage: StageRef, group: ParticipantGroup) => Promise<boolean>;
  editConsent: (body: ConsentBody) => Promise<string | null>;
  /** The trigger questionnaires of follow-up rules; absent where no call reads a questionnaire (the system owner's). */
  triggerQuestionnaires?: TriggerQuestionnaireCalls;
  /** The study's prompting choice (issue 33), null until loaded. */
  prompting: PromptingSettings | null;
  loadPrompting: () => void;
  /** Answers whether it was saved. */
  savePrompting: (body: PromptingSettings) => Promise<boolean>;
}
