// The study as the specification's calls carry it (part 1 section 3, part 2 section 3).
import type {
  AssessmentListItem,
  DiarySetting,
  DiarySettingDraft,
  EmaSetting,
  EmaSettingDraft,
  ZoneRule,
} from '../study/assessmentSettings';
import type { FollowupRule, FollowupRuleDraft } from '../study/followups';

export type ActiveStatus = 'inactive' | 'active';

export interface ConsentInfo {
  consent_needed: boolean;
  chin_content: string;
}

export interface ParticipantGroup {
  _id: string;
  name: string;
  group_num: number;
  stage: string;
  ema_list: EmaSetting[];
  diary_list: DiarySetting[];
  /** One-time assessments, in the order the participant sees them. */
  questionnaire_list: AssessmentListItem[];
  questionnaire_list_free_to_choose: boolean;
  /** Anytime, unlimited assessments, in their order. */
  no_submission_limit_list: AssessmentListItem[];
  /** Follow-up prompts triggered by answers (issue 34 part 1). */
  followup_list: FollowupRule[];
}

export interface Stage {
  _id: string;
  stage_num: number;
  chin_name: string;
  chin_progress_message: string;
  chin_complete_message: string;
  consent_info: ConsentInfo;
  participant_group_list: ParticipantGroup[];
}

export interface StudySummary {
  _id: string;
  chin_name: string;
  study_code: string;
  active_status: ActiveStatus;
  createdAt: string;
}

export interface Study extends StudySummary {
  contact_person_name: string;
  contact_email: string;
  lab: string;
  stage_list: Stage[];
}

export interface StudyListAnswer {
  studies: StudySummary[];
  pages: number;
  page: number;
}

/** The system owner's study list (part 2 section 7): a lab and one of its users, who manages the studies. */
export interface OwnerStudyListBody {
  labId: string;
  managedByUserId: string;
}

/** Create Study: a blank study with the name asked for first. */
/**
 * Create Study's body. The portal always names the study; the specification's call has an empty body, which
 * still makes a blank study without a name (docs/decisions.md).
 */
export interface CreateStudyBody {
  chin_name?: string;
}

/** The system owner's Create Study: a blank study managed by this user, in the user's lab. */
export interface OwnerCreateStudyBody extends CreateStudyBody {
  userId: string;
}

/** An activation (200): its message and the warnings the researcher saw before activating (shared/study/activation.ts). */
export interface ActivationAnswer {
  message: string;
  warnings: string[];
}

/** A refused activation (409): the message and what keeps the study from running (shared/study/activation.ts). */
export interface ActivationRefusal {
  message: string;
  problems: string[];
}

/** The system owner's assessment list: the questionnaires of this managing user's lab. */
export interface OwnerQuestionnaireListBody {
  managedByUserId: string;
}

export interface BasicInfoBody {
  chin_name: string;
  contact_person_name: string;
  contact_email: string;
}

export interface ConsentBody {
  consent: string;
  consentNeeded: boolean;
}

/** A questionnaire as Save Changes may name it: the list item the server sent, or its bare id. */
export type AssessmentRef = AssessmentListItem | string;

/**
 * A setting as Save Changes sends it: the modal's draft (numbers may still be text, which the server refuses
 * with the rule's message) with questionnaires as items or bare ids.
 */
/** A setting as Save Changes sends it; one sent without a zone rule follows its own zone. */
export type EmaSettingEdit = Omit<EmaSettingDraft, 'questionnaire_list' | 'zone_rule'> & { questionnaire_list: AssessmentRef[]; zone_rule?: ZoneRule };
export type DiarySettingEdit = Omit<DiarySettingDraft, 'questionnaire_list' | 'zone_rule'> & { questionnaire_list: AssessmentRef[]; zone_rule?: ZoneRule };

/** A follow-up rule as Save Changes sends it: the editor's draft, questionnaires as items or bare ids. */
export type FollowupRuleEdit = Omit<FollowupRuleDraft, 'trigger_questionnaire' | 'questionnaire_list'> & {
  trigger_questionnaire: AssessmentRef | null;
  questionnaire_list: AssessmentRef[];
};

/** A group in the edit_except_consent body; a missing part is left as stored. */
export interface GroupEdit {
  _id: string;
  name?: string;
  ema_list?: EmaSettingEdit[];
  diary_list?: DiarySettingEdit[];
  questionnaire_list?: AssessmentRef[];
  no_submission_limit_list?: AssessmentRef[];
  /** Gated by the EMA entry (STUDY/EDIT/STUDY_EMA_ASSESSMENTS): a follow-up is an EMA prompt. */
  followup_list?: FollowupRuleEdit[];
}

/** A stage in the edit_except_consent body; a missing part is left as stored. */
export interface StageEdit {
  _id: string;
  chin_name?: string;
  chin_progress_message?: string;
  chin_complete_message?: string;
  participant_group_list?: GroupEdit[];
}

/**
 * The body of `PUT /api/studies/{id}/edit_except_consent` ("Save Changes"). The whole Study the server sent is
 * one (other fields such as study_code, stage_num or consent_info are ignored); each part that changes needs
 * the permission entry that gates it: basic information STUDY/EDIT/STUDY_BASIC_INFO, stage texts
 * STUDY/EDIT/STUDY_STAGE_MESSAGES, ema_list STUDY/EDIT/STUDY_EMA_ASSESSMENTS, diary_list
 * STUDY/EDIT/STUDY_DIARY_ASSESSMENTS. Group names and the two questionnaire lists are gated by no entry (part 2
 * section 6 names none), only by the study being the caller's lab's.
 */
export interface StudyEditBody extends Partial<BasicInfoBody> {
  stage_list?: StageEdit[];
  /**
   * On a live study, the changes (LiveEditChange.key) to apply from now on to participants already in their
   * stage; every other change reaches only those who arrive later.
   */
  apply_now?: string[];
}
