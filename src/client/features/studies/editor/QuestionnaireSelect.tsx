// A multi-select of the lab's questionnaires (part 2 section 2.2): clicking an option toggles it, and the
// keyboard does the same (arrows move, Space or Enter toggles). Options read "name (code)". A newly chosen
// questionnaire goes to the end of the list, so the order of choosing is the order kept until it is edited.
import { memo, useState, type KeyboardEvent } from 'react';
import type { AssessmentListItem } from '../../../../shared/study/assessmentSettings';
import { questionnaireLabel } from './questionnaireLabel';

interface QuestionnaireSelectProps {
  id: string;
  label: string;
  options: readonly AssessmentListItem[];
  selected: readonly AssessmentListItem[];
  onChange: (next: AssessmentListItem[]) => void;
  readOnly?: boolean;
}

/** Toggles one questionnaire: removed when chosen, otherwise added at the end. */
export function toggled(selected: readonly AssessmentListItem[], option: AssessmentListItem): AssessmentListItem[] {
  return selected.some((q) => q._id === option._id) ? selected.filter((q) => q._id !== option._id) : [...selected, option];
}

/** The lab's questionnaires, plus any chosen one the options do not hold (still shown, so it can be removed). */
function allOptions(options: readonly AssessmentListItem[], selected: readonly AssessmentListItem[]): readonly AssessmentListItem[] {
  const known = new Set(options.map((o) => o._id));
  const missing = selected.filter((q) => !known.has(q._id));
  return missing.length ? [...options, ...missing] : options;
}

export const QuestionnaireSelect = memo(function QuestionnaireSelect({ id, label, options, selected, onChange, readOnly }: QuestionnaireSelectProps) {
  const shown = allOptions(options, selected);
  const chosen = new Set(selected.map((q) => q._id));
  const [active, setActive] = useState(0);
  const activeIndex = Math.min(active, Math.max(shown.length - 1, 0));
  const labelId = `${id}-label`;
  const optionId = (index: number) => `${id}-option-${index}`;

  const toggle = (option: AssessmentListItem) => {
    if (!readOnly) onChange(toggled(selected, option));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const last = shown.length - 1;
    const moves: Record<string, number> = { ArrowDown: activeIndex + 1, ArrowUp: activeIndex - 1, Home: 0, End: last };
    if (event.key in moves) {
      event.preventDefault();
      const next = Math.max(0, Math.min(last, moves[event.key]));
      setActive(next);
      document.getElementById(optionId(next))?.scrollIntoView?.({ block: 'nearest' });
    } else if ((event.key === ' ' || event.key === 'Enter') && shown[activeIndex]) {
      event.preventDefault();
      toggle(shown[activeIndex]);
    }
  };

  return (
    <div className="mb-3">
      <div id={labelId} className="form-label">
        {label}
      </div>
      {shown.length === 0 ? (
        <p className="small text-body-secondary mb-0">The lab has no questionnaires yet.</p>
      ) : (
        <div
          id={id}
          role="listbox"
          aria-multiselectable="true"
          aria-labelledby={labelId}
          aria-readonly={readOnly || undefined}
          aria-activedescendant={optionId(activeIndex)}
          tabIndex={0}
          className="questionnaire-select form-control p-0"
          onKeyDown={onKeyDown}
        >
          {shown.map((option, index) => {
            const isChosen = chosen.has(option._id);
            return (
              <div
                key={option._id}
                id={optionId(index)}
                role="option"
                aria-selected={isChosen}
                className={`questionnaire-select-option${isChosen ? ' is-chosen' : ''}${index === activeIndex ? ' is-active' : ''}`}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => {
                  setActive(index);
                  toggle(option);
                  document.getElementById(id)?.focus();
                }}
              >
                <span aria-hidden="true" className="questionnaire-select-mark">
                  {isChosen ? '✓' : ''}
                </span>
                {questionnaireLabel(option)}
              </div>
            );
          })}
        </div>
      )}
    </div>
  );
});
