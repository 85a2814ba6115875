// A questionnaire as the specification's calls carry it (part 2 section 3). Positions are 0-based indexes:
// a question's `position` is its index in chin_content, a response's its index in other_info.

export const RESPONSE_TYPES = ['instruction', 'media', 'mc', 'time', 'duration', 'slider', 'text', 'textarea', 'photoUpload'] as const;
export type ResponseType = (typeof RESPONSE_TYPES)[number];

export const PICKER_FORMATS = ['hh mm A', 'DD MM YYYY'] as const;
export type PickerFormat = (typeof PICKER_FORMATS)[number];
export const DEFAULT_PICKER_FORMAT: PickerFormat = 'hh mm A';

/** What a researcher sees for each format: an example of what the participant picks, not the format's code. */
export const PICKER_FORMAT_LABELS: Record<PickerFormat, string> = {
  'hh mm A': 'Time, e.g. 09:30 PM',
  'DD MM YYYY': 'Date, e.g. 26 11 2026',
};

export const MEDIA_SOURCES = ['uploaded', 'youTube', 'imageUrl'] as const;
export type MediaSource = (typeof MEDIA_SOURCES)[number];

export interface EarlierThan {
  target_qpos: number | null;
  target_rpos: number | null;
}

export interface ResponseValidation {
  required: boolean;
  /** '' (none), or one of RESPONSE_CHECKS' patterns. */
  regex_string: string;
  identical_to_prev_question: boolean;
  /** An earlier-than check against a time response of another question, or null for none. */
  earlier: EarlierThan | null;
}

export interface ResponseItem {
  _id: string;
  position: number;
  type: ResponseType;
  validation: ResponseValidation;
  // mc
  choices: string | null;
  multiple: boolean;
  /** Its choices shown in an order drawn for each answer (issue 34 part 4); absent (saved before) reads as false. */
  shuffle_choices?: boolean;
  // text
  pre_label: string;
  post_label: string;
  number_only: boolean;
  // duration
  day: boolean;
  hour: boolean;
  minute: boolean;
  // time
  picker_format: PickerFormat;
  instruction_msg: string;
  // slider
  min: number;
  max: number;
  min_label: string;
  max_label: string;
  // media
  media_type: 'video' | 'audio' | 'image';
  media_source: MediaSource;
  media_url: string;
}

export const TEXT_OPERATORS_NUMERIC = ['equal', 'not equal', 'greater', 'less', 'greater or equal', 'less or equal'] as const;
export const TEXT_OPERATORS = ['is', 'is not'] as const;
export const MC_OPERATORS = ['is selected', 'is not selected'] as const;
export type CriterionOperator =
  | (typeof TEXT_OPERATORS_NUMERIC)[number]
  | (typeof TEXT_OPERATORS)[number]
  | (typeof MC_OPERATORS)[number];

export interface DependencyCondition {
  dependent_qpos: number;
  dependent_response_pos: number;
  criterion_operator: CriterionOperator;
  criterion_value: string;
}

/** Conditions inside a group are alternatives (or); the groups must all hold (and). */
export interface DependencyGroup {
  or: DependencyCondition[];
}

export interface Question {
  _id: string;
  question_num: string;
  html_question: string;
  guide: boolean;
  html_guide: string;
  position: number;
  dependency: DependencyGroup[];
  other_info: ResponseItem[];
}

export const SCORE_METHODS = ['sum', 'mean'] as const;
export type ScoreMethod = (typeof SCORE_METHODS)[number];

/** One response a score reads; `reverse` counts it as max + min − value (its slider's min and max). */
export interface ScoreItem {
  question_pos: number;
  response_pos: number;
  reverse: boolean;
}

/** A named score of a questionnaire (issue 34 part 2): computed only when at least `min_answered` items were answered. */
export interface Score {
  name: string;
  method: ScoreMethod;
  items: ScoreItem[];
  min_answered: number;
}

/** Consecutive questions (positions from_pos to to_pos, both included) shown in an order drawn for each answer. */
export interface ShuffleRun {
  from_pos: number;
  to_pos: number;
}

export interface QuestionnaireEditor {
  _id: string;
  email: string;
}

export interface Questionnaire {
  _id: string;
  chin_name: string;
  abbrev: string;
  createdAt: string;
  user: QuestionnaireEditor | null;
  chin_content: Question[];
  scores: Score[];
  /** Runs of questions shown shuffled (issue 34 part 4); none for a questionnaire saved before. */
  shuffle_runs: ShuffleRun[];
}

export type QuestionnaireSummary = Omit<Questionnaire, 'chin_content' | 'scores' | 'shuffle_runs'>;

export interface QuestionnaireListAnswer {
  qx_list: QuestionnaireSummary[];
  pages: number;
  page: number;
}

export interface Choice {
  name: string;
  value: string;
  position: number;
}

export interface MultipleChoiceSet {
  _id: string;
  name: string;
  questionnaire: string;
  choices: Choice[];
}
