// The editor's Shuffle questions section (issue 34 part 4): runs of consecutive questions each participant sees in
// an order drawn for their answer. Each run is a pair of labelled selects (from question, to question) and a
// remove button, used by keyboard like the rest of the editor; the shared rule's message shows under the run.
import { runProblem, runsOverlap, shuffleMessages } from '../../../../shared/questionnaire/shuffles';
import type { Question, ShuffleRun } from '../../../../shared/questionnaire/types';
import { Labelled, SmallButton } from './fields';
import { questionLabel } from './labels';
import { toRuns, type DraftRun } from './shuffleRunDrafts';
import { changedAt, DraftListSection } from './DraftListSection';

export const shuffleTexts = {
  heading: 'Shuffle questions',
  intro:
    'The questions of a run are shown to each participant in an order drawn for their answer; the numbers shown stay in order. The order each participant saw is kept with the answer and exported.',
  none: 'No shuffled runs yet.',
  tooFew: 'Add at least two questions to shuffle them.',
  add: 'Add a shuffled run',
  choose: 'Choose a question',
} as const;

interface ShuffleSectionProps {
  questions: readonly Question[];
  drafts: readonly DraftRun[];
  onChange: (drafts: DraftRun[]) => void;
  newKey: () => string;
}

/** The first problem of one run: its own, or its overlap with another run that is fine on its own. */
function problemOf(questions: readonly Question[], runs: readonly ShuffleRun[], index: number): string | null {
  const own = runProblem(questions, runs[index]);
  if (own) return own;
  const overlaps = runs.some((other, i) => i !== index && runProblem(questions, other) === null && runsOverlap(runs[index], other));
  return overlaps ? shuffleMessages.runsOverlap : null;
}

export function ShuffleSection({ questions, drafts, onChange, newKey }: ShuffleSectionProps) {
  const runs = toRuns(questions, drafts);
  const change = (index: number, changes: Partial<DraftRun>) => onChange(changedAt(drafts, index, changes));
  const add = () => {
    const last = questions.length - 1;
    onChange([...drafts, { key: newKey(), fromId: questions[Math.max(0, last - 1)]?._id ?? '', toId: questions[last]?._id ?? '' }]);
  };

  return (
    <DraftListSection
      headingId="shuffle-heading"
      texts={shuffleTexts}
      empty={drafts.length === 0}
      footer={
        questions.length < 2 ? (
          <p className="small mb-0">{shuffleTexts.tooFew}</p>
        ) : (
          <button type="button" className="btn btn-sm btn-outline-primary" onClick={add}>
            {shuffleTexts.add}
          </button>
        )
      }
    >
      {drafts.map((draft, index) => {
        const id = `shuffle-${draft.key}`;
        const title = `Shuffled run ${index + 1}`;
        const problem = problemOf(questions, runs, index);
        const select = (end: 'fromId' | 'toId', label: string) => (
          <Labelled id={`${id}-${end}`} label={`${title} ${label}`} className="col-sm-5">
            <select id={`${id}-${end}`} className="form-select form-select-sm" value={draft[end]} onChange={(e) => change(index, { [end]: e.target.value })}>
              {!questions.some((q) => q._id === draft[end]) && <option value="">{shuffleTexts.choose}</option>}
              {questions.map((q, qpos) => (
                <option key={q._id} value={q._id}>
                  {questionLabel(q, qpos)}
                </option>
              ))}
            </select>
          </Labelled>
        );
        return (
          <fieldset key={draft.key} className="border rounded p-2 mb-2" aria-describedby={problem ? `${id}-problem` : undefined}>
            <legend className="h6 float-none w-auto px-1 mb-1">{title}</legend>
            <div className="row g-2 align-items-end">
              {select('fromId', 'from question')}
              {select('toId', 'to question')}
              <div className="col-sm-2 text-sm-end">
                <SmallButton variant="outline-danger" onClick={() => onChange(drafts.filter((_, i) => i !== index))} label={`Remove ${title}`}>
                  Remove
                </SmallButton>
              </div>
            </div>
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
