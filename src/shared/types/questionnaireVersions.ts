// Questionnaire versions (issue 21): each content planned is a version, numbered in the order first planned.

export interface QuestionnaireVersionUse {
  /** 1 for the content first planned. */
  number: number;
  created_at: string;
  /** Enrolled participants with tasks of this version still to answer. */
  participants: number;
  /** The questionnaire's content now is this version. */
  current: boolean;
}

/** `GET /api/qx_list/{id}/versions`. */
export interface QuestionnaireVersionsAnswer {
  versions: QuestionnaireVersionUse[];
}

/** `POST /api/qx_list/{id}/repoint`: the future tasks now pointing at the current content. */
export interface RepointAnswer {
  message: string;
  tasks: number;
}
