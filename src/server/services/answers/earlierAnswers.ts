// Piping (issue 34 part 3): the words of the participant's last answers to the earlier questionnaires' questions
// a questionnaire quotes (`{{MOOD.Q1}}`), for the app to fill its texts. Each answer is shown as the questionnaire
// it was given to was planned (its labels), by the shared filler; a question left empty in the newest submission
// is quoted from the newest one that answered it.
import type { Db } from '../../repositories/db';
import type { MultipleChoiceSet, Question } from '../../../shared/questionnaire/types';
import type { Answers } from '../../../shared/questionnaire/visibility';
import { earlierKey, pipeTokens, questionAnswerText, type EarlierAnswers } from '../../../shared/questionnaire/piping';
import { findEarlierSubmissions, findItemsAt } from '../../repositories/earlierAnswers';
import { questionnaireAsPlanned } from '../plan/questionnaireVersions';

/** Every earlier submission's token the texts hold (question texts and choice labels), by abbreviation. */
export function quotedEarlier(questions: readonly Question[], sets: readonly MultipleChoiceSet[]): Map<string, Set<number>> {
  const texts = [...questions.map((q) => q.html_question), ...sets.flatMap((s) => s.choices.map((c) => c.name))];
  const quoted = new Map<string, Set<number>>();
  for (const token of texts.flatMap(pipeTokens)) {
    if (token.abbrev === null) continue;
    const abbrev = token.abbrev.toUpperCase();
    if (!quoted.has(abbrev)) quoted.set(abbrev, new Set());
    quoted.get(abbrev)?.add(token.number);
  }
  return quoted;
}

function parsed(value: string): string | string[] {
  try {
    const v: unknown = JSON.parse(value);
    if (Array.isArray(v)) return v.map(String);
    return String(v);
  } catch {
    return '';
  }
}

export async function earlierAnswersFor(db: Db, participantId: string, studyId: string, questions: readonly Question[], sets: readonly MultipleChoiceSet[]): Promise<EarlierAnswers> {
  const earlier: EarlierAnswers = {};
  for (const [abbrev, numbers] of quotedEarlier(questions, sets)) {
    const submissions = await findEarlierSubmissions(db, participantId, studyId, abbrev);
    for (const number of numbers) {
      const items = await findItemsAt(db, submissions.map((s) => s.id), number - 1);
      for (const submission of submissions) {
        const own = items.filter((i) => i.submission_id === submission.id);
        if (own.length === 0) continue;
        const version = await questionnaireAsPlanned(db, submission.questionnaire_version_id);
        if (!version) continue;
        const values: Answers[number] = {};
        for (const item of own) values[item.response_pos] = parsed(item.value);
        const text = questionAnswerText(version.questions[number - 1], values, version.sets);
        if (text === '') continue;
        earlier[earlierKey(abbrev, number)] = text;
        break;
      }
    }
  }
  return earlier;
}
