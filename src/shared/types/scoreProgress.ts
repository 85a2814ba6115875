// Study Progress's score per day (issue 34 part 2): what POST /api/participants/{studyId}/progress/scores
// answers for one stage and group and one chosen score. How the figures are made: src/shared/scoreProgress.ts.

/** A score a questionnaire of the group defines, named by its questionnaire. */
export interface ScoreChoice {
  questionnaireId: string;
  abbrev: string;
  chin_name: string;
  /** The score's name, as in the questionnaire's `scores`. */
  name: string;
}

/** POST /api/participants/{studyId}/progress/scores */
export interface ScoreProgressBody {
  stageId: string;
  groupId: string;
  /** Without it, the group's first score (questionnaires in the group's order, scores in theirs). */
  score?: { questionnaireId: string; name: string };
  /** Pilot participants are left out unless this is true, as on the rest of the page. */
  includePilot?: boolean;
}

/** One day of the study: the chosen score over the participants who have one that day. */
export interface ScoreDay {
  day: number;
  /** Participants with at least one scored answer this day. */
  participants: number;
  /** Scored answers this day (an answer whose score is null, too few items answered, is not counted). */
  answers: number;
  /** The mean over participants of each one's mean score of the day. */
  mean: number;
  /** The lowest and highest of those participants' day means. */
  min: number;
  max: number;
}

export interface ScoreProgressAnswer {
  /** Every score the group's questionnaires define, in the group's order. */
  choices: ScoreChoice[];
  /** The score the days are of; null when the group's questionnaires define none. */
  chosen: ScoreChoice | null;
  /** Study days with at least one scored answer, in order. */
  days: ScoreDay[];
}
