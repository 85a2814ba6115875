// The editor's Scores section (issue 34 part 2): add, edit and remove named scores, each a sum or mean of chosen
// sliders and numbers-only text responses, each item optionally reverse-coded, with the minimum of items that must
// be answered. Every field is a labelled form control, so it is used by keyboard like the rest of the editor; the
// shared rule's message shows under the score it is about.
import { plainText } from '../../../../shared/richText';
import { isReversible, scorableItems, scoreProblem } from '../../../../shared/questionnaire/scores';
import { SCORE_METHODS, type Question, type ScoreMethod } from '../../../../shared/questionnaire/types';
import { Check, Labelled, SmallButton, TextSetting } from './fields';
import { NumberField } from './NumberField';
import { toScores, type DraftItem, type DraftScore } from './scoreDrafts';
import { changedAt, DraftListSection } from './DraftListSection';

export const scoresTexts = {
  heading: 'Scores',
  intro: 'A score is computed from the chosen items when an answer is stored, and exported as a column.',
  none: 'No scores yet.',
  nothingToScore: 'Add a slider or a numbers-only text response to score it.',
  add: 'Add Score',
  methods: { sum: 'Sum', mean: 'Mean' } satisfies Record<ScoreMethod, string>,
} as const;

interface ScoresSectionProps {
  questions: readonly Question[];
  drafts: readonly DraftScore[];
  onChange: (drafts: DraftScore[]) => void;
  newKey: () => string;
}

/** How an item is named in its checkbox: its question's number (or place) and response, and the start of its text. */
function itemLabel(q: Question, qpos: number, rpos: number): string {
  const text = plainText(q.html_question ?? '').trim();
  const number = q.question_num.trim() || String(qpos + 1);
  return `Q${number} response ${rpos + 1}${text ? `: ${text.length > 60 ? `${text.slice(0, 60)}…` : text}` : ''}`;
}

export function ScoresSection({ questions, drafts, onChange, newKey }: ScoresSectionProps) {
  const items = scorableItems(questions);
  const scores = toScores(questions, drafts);
  const change = (index: number, changes: Partial<DraftScore>) => onChange(changedAt(drafts, index, changes));
  const add = () => onChange([...drafts, { key: newKey(), name: `score${drafts.length + 1}`, method: 'sum', items: [], min_answered: 1 }]);

  return (
    <DraftListSection
      headingId="scores-heading"
      texts={scoresTexts}
      empty={drafts.length === 0}
      footer={
        <button type="button" className="btn btn-sm btn-outline-primary" onClick={add}>
          {scoresTexts.add}
        </button>
      }
    >
      {drafts.map((draft, index) => {
        const id = `score-${draft.key}`;
        const problem = scoreProblem(questions, scores, index);
        const title = `Score ${index + 1}`;
        const toggle = (item: Omit<DraftItem, 'reverse'>, used: boolean) => {
          const rest = draft.items.filter((i) => i.questionId !== item.questionId || i.responseId !== item.responseId);
          change(index, { items: used ? [...rest, { ...item, reverse: false }] : rest });
        };
        const reverse = (item: Omit<DraftItem, 'reverse'>, on: boolean) =>
          change(index, { items: draft.items.map((i) => (i.questionId === item.questionId && i.responseId === item.responseId ? { ...i, reverse: on } : i)) });
        return (
          <fieldset key={draft.key} className="border rounded p-2 mb-2" aria-describedby={problem ? `${id}-problem` : undefined}>
            <legend className="h6 float-none w-auto px-1 mb-1">{title}</legend>
            <div className="row g-2 align-items-end">
              <TextSetting id={`${id}-name`} label={`${title} name`} value={draft.name} onChange={(name) => change(index, { name })} className="col-sm-4" />
              <Labelled id={`${id}-method`} label={`${title} method`} className="col-sm-3">
                <select id={`${id}-method`} className="form-select form-select-sm" value={draft.method} onChange={(e) => change(index, { method: e.target.value as ScoreMethod })}>
                  {SCORE_METHODS.map((m) => (
                    <option key={m} value={m}>
                      {scoresTexts.methods[m]}
                    </option>
                  ))}
                </select>
              </Labelled>
              <NumberField id={`${id}-min`} label={`${title} minimum answered`} value={draft.min_answered} onChange={(min_answered) => change(index, { min_answered })} className="col-sm-3" />
              <div className="col-sm-2 text-sm-end">
                <SmallButton variant="outline-danger" onClick={() => onChange(drafts.filter((_, i) => i !== index))} label={`Remove ${title}`}>
                  Remove
                </SmallButton>
              </div>
            </div>
            {items.length === 0 ? (
              <p className="small mt-2 mb-0">{scoresTexts.nothingToScore}</p>
            ) : (
              <ul className="list-unstyled mt-2 mb-0" aria-label={`${title} items`}>
                {items.map(({ question_pos, response_pos }) => {
                  const q = questions[question_pos];
                  const r = q.other_info[response_pos];
                  const item = { questionId: q._id, responseId: r._id };
                  const chosen = draft.items.find((i) => i.questionId === q._id && i.responseId === r._id);
                  const label = itemLabel(q, question_pos, response_pos);
                  return (
                    <li key={`${q._id}/${r._id}`} className="d-flex flex-wrap gap-3">
                      <Check id={`${id}-use-${q._id}-${r._id}`} label={`${title} uses ${label}`} checked={chosen !== undefined} onChange={(used) => toggle(item, used)} />
                      {chosen && isReversible(r) && (
                        <Check id={`${id}-reverse-${q._id}-${r._id}`} label={`Reverse ${label} in ${title}`} checked={chosen.reverse} onChange={(on) => reverse(item, on)} />
                      )}
                    </li>
                  );
                })}
              </ul>
            )}
            {problem && (
              <div id={`${id}-problem`} className="text-danger small mt-2">
                {problem}
              </div>
            )}
          </fieldset>
        );
      })}
    </DraftListSection>
  );
}
