// Piping in the analysis export (issue 34 part 3): a column per question whose text quotes answers in any planned
// version (`Q<number>_shown`, the text as the participant saw it, in words), and one per question whose choice
// labels do (`Q<number>_labels_shown`, `value=label` pairs joined by ` | `), from the texts stored with each answer.
import { hasPipes, type ShownText } from '../../../shared/questionnaire/piping';
import type { Question } from '../../../shared/questionnaire/types';
import { uniqueNames, variableName, type PlannedVersion } from './items';

export type ShownPart = 'question' | 'choices';

export interface ShownColumn {
  /** The column's header after the questionnaire's code and `_`. */
  name: string;
  part: ShownPart;
  question: Question;
  qpos: number;
  /** The question's position in each version (by version id): an answer's texts are read at its own version's. */
  places: ReadonlyMap<string, number>;
}

function pipedParts(version: PlannedVersion, question: Question): ShownPart[] {
  const parts: ShownPart[] = [];
  if (hasPipes(question.html_question ?? '')) parts.push('question');
  const setIds = new Set((question.other_info ?? []).flatMap((r) => (r.type === 'mc' && r.choices ? [r.choices] : [])));
  if (version.sets.some((s) => setIds.has(s._id) && s.choices.some((c) => hasPipes(c.name)))) parts.push('choices');
  return parts;
}

const partOrder = (part: ShownPart): number => (part === 'question' ? 0 : 1);

/** The shown-text columns of a questionnaire's versions (oldest first), in question order. */
export function shownColumns(ordered: readonly PlannedVersion[]): ShownColumn[] {
  const byKey = new Map<string, Omit<ShownColumn, 'name'>>();
  for (const version of ordered) {
    version.questions.forEach((question, qpos) => {
      for (const part of pipedParts(version, question)) {
        const key = `${question._id || qpos}/${part}`;
        const places = new Map(byKey.get(key)?.places ?? []).set(version.row.id, qpos);
        byKey.set(key, { part, question, qpos, places });
      }
    });
  }
  const columns = [...byKey.values()].sort((a, b) => a.qpos - b.qpos || partOrder(a.part) - partOrder(b.part));
  const names = uniqueNames(columns.map((c) => `${variableName(c.question.question_num || String(c.qpos + 1))}_${c.part === 'question' ? 'shown' : 'labels_shown'}`));
  return columns.map((c, i) => ({ ...c, name: names[i] }));
}

/** The codebook's description of a shown-text column. */
export function shownDescription(column: ShownColumn): string {
  return column.part === 'question'
    ? `Question ${column.qpos + 1}'s text as shown, answers it quotes filled in (empty when it was not shown or the app sent no text)`
    : `Question ${column.qpos + 1}'s choice labels as shown, answers they quote filled in: value=label pairs joined by |`;
}

/** A cell of a shown-text column for one answer (its stored texts and its version). */
export function shownCell(stored: ReadonlyMap<number, ShownText>, column: ShownColumn, versionId: string): string {
  const qpos = column.places.get(versionId);
  const entry = qpos === undefined ? undefined : stored.get(qpos);
  if (!entry) return '';
  if (column.part === 'question') return entry.question ?? '';
  return Object.entries(entry.choices ?? {})
    .map(([value, label]) => `${value}=${label}`)
    .join(' | ');
}
