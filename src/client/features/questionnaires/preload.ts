// The editor's data can start loading as soon as its route is known, while the editor's own code is still on
// its way (the route component calls preloadQuestionnaire while rendering). The editor's thunks then take the
// answer already under way instead of asking again. An answer is taken once, and only while it is fresh.
import type { MultipleChoiceSet, Questionnaire } from '../../../shared/questionnaire/types';
import { questionnairesApi } from './questionnairesApi';

const FRESH_MS = 10_000;

interface Preloaded {
  at: number;
  questionnaire: Promise<Questionnaire> | null;
  sets: Promise<MultipleChoiceSet[]> | null;
}

const preloaded = new Map<string, Preloaded>();

/** A failure is reported by the thunk that takes the answer; until then it must not count as unhandled. */
function quiet<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => undefined);
  return promise;
}

export function preloadQuestionnaire(questionnaireId: string): void {
  const entry = preloaded.get(questionnaireId);
  if (entry && Date.now() - entry.at < FRESH_MS) return;
  preloaded.set(questionnaireId, {
    at: Date.now(),
    questionnaire: quiet(questionnairesApi.get(questionnaireId)),
    sets: quiet(questionnairesApi.sets(questionnaireId)),
  });
}

function take<K extends 'questionnaire' | 'sets'>(questionnaireId: string, kind: K): Preloaded[K] {
  const entry = preloaded.get(questionnaireId);
  if (!entry) return null;
  const answer = Date.now() - entry.at < FRESH_MS ? entry[kind] : null;
  entry[kind] = null;
  if (!entry.questionnaire && !entry.sets) preloaded.delete(questionnaireId);
  return answer;
}

export const loadQuestionnaire = (questionnaireId: string) => take(questionnaireId, 'questionnaire') ?? questionnairesApi.get(questionnaireId);
export const loadMcSets = (questionnaireId: string) => take(questionnaireId, 'sets') ?? questionnairesApi.sets(questionnaireId);
