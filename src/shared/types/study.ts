// The study as the specification's calls carry it (part 1 section 3, part 2 section 3).

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
  ema_list: unknown[];
  diary_list: unknown[];
  questionnaire_list: string[];
  questionnaire_list_free_to_choose: boolean;
  no_submission_limit_list: string[];
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

export interface BasicInfoBody {
  chin_name: string;
  contact_person_name: string;
  contact_email: string;
}

export interface ConsentBody {
  consent: string;
  consentNeeded: boolean;
}
