// The study file (issue 35 part 1): one JSON document with a study's design and every questionnaire it uses,
// free of this deployment's ids so that another lab or portal can import it. Questionnaires are named by
// their code in the exporting lab (`ref`), choice sets by a ref of their own, uploaded media by file name.
import type { DiarySetting, EmaSetting } from '../study/assessmentSettings';
import type { FollowupRule } from '../study/followups';
import type { PromptingSettings } from '../prompting';
import type { Question, Score, ShuffleRun } from '../questionnaire/types';

export const STUDY_FILE_FORMAT = 'research-study-portal/study-design';
/** Raised with every change of the file's shape; the reader upgrades older files step by step (upgrade.ts). */
export const STUDY_FILE_VERSION = 1;

type WithRefs<T> = Omit<T, 'questionnaire_list'> & { questionnaire_list: string[] };

export type StudyFileEmaSetting = WithRefs<EmaSetting>;
export type StudyFileDiarySetting = WithRefs<DiarySetting>;
/** A follow-up rule as a whole, questionnaires by ref: fields it gains later come along unchanged. */
export type StudyFileFollowupRule = Omit<FollowupRule, 'trigger_questionnaire' | 'questionnaire_list'> & {
  trigger_questionnaire: string;
  questionnaire_list: string[];
};

export interface StudyFileGroup {
  name: string;
  ema_list: StudyFileEmaSetting[];
  diary_list: StudyFileDiarySetting[];
  questionnaire_list: string[];
  questionnaire_list_free_to_choose: boolean;
  no_submission_limit_list: string[];
  followup_list: StudyFileFollowupRule[];
}

/** Stages and groups in their order: the first is number 1. */
export interface StudyFileStage {
  chin_name: string;
  chin_progress_message: string;
  chin_complete_message: string;
  consent_info: { consent_needed: boolean; chin_content: string };
  participant_group_list: StudyFileGroup[];
}

export interface StudyFileChoiceSet {
  /** What an mc response's `choices` names in this file. */
  ref: string;
  name: string;
  choices: { name: string; value: string }[];
}

export interface StudyFileQuestionnaire {
  /** Its code in the exporting lab; the study's lists name it by this. */
  ref: string;
  chin_name: string;
  abbrev: string;
  /** Questions as saved; an mc response's `choices` is a set's ref, an uploaded media's `media_url` a file name. */
  chin_content: Question[];
  scores: Score[];
  shuffle_runs: ShuffleRun[];
  mc_sets: StudyFileChoiceSet[];
}

export interface StudyFileMedia {
  name: string;
  type: 'video' | 'audio' | 'image';
}

export interface StudyFile {
  format: typeof STUDY_FILE_FORMAT;
  version: number;
  exported_at: string;
  study: { chin_name: string; contact_person_name: string; contact_email: string; prompting: PromptingSettings };
  stages: StudyFileStage[];
  questionnaires: StudyFileQuestionnaire[];
  /** Uploaded media the questions show, by file name (carried by name only). */
  media: StudyFileMedia[];
}

/** What an import made and what it could not carry (POST /api/studies/import). */
export interface StudyImportSummary {
  questionnaires: { ref: string; _id: string; abbrev: string }[];
  renamed: { from: string; to: string }[];
  missing_media: string[];
  zones_not_offered: { zone: string; replaced_by: string }[];
}
