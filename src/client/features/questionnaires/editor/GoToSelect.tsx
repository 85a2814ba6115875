// A question card's Go to jump selector (part 2 section 2.4): it offers the questionnaire's other questions and
// moves to the one chosen. A choice made in the opened list (pointer, or Enter in it) jumps at once; arrow keys
// on the closed selector only choose, and Enter then jumps, so browsing with the keyboard does not move away.
// The options are built when the selector is about to be used (focus, or the pointer coming over it) and
// dropped when it is left: with one selector per card, a 200-question editor would otherwise hold 40 000
// options, rebuilt whenever a question's text changes.
import { useRef, useState, type KeyboardEvent } from 'react';

export interface JumpTarget {
  questionId: string;
  label: string;
}

interface GoToSelectProps {
  id: string;
  /** The card's own question, not offered. */
  questionId: string;
  /** The questions as they are now, asked for only when the options are built. */
  targets: () => JumpTarget[];
  onJump: (questionId: string) => void;
}

/** Keys that open the list rather than change the choice. */
const opensList = (e: KeyboardEvent) => e.key === ' ' || e.key === 'F4' || (e.altKey && (e.key === 'ArrowDown' || e.key === 'ArrowUp'));

export function GoToSelect({ id, questionId, targets, onJump }: GoToSelectProps) {
  const [options, setOptions] = useState<readonly JumpTarget[] | null>(null);
  const [chosen, setChosen] = useState('');
  /** The last key pressed changes the choice on the closed selector (an arrow, Home, a letter...). */
  const browsing = useRef(false);
  const build = () => setOptions(targets().filter((t) => t.questionId !== questionId));
  const jump = (target: string) => {
    setChosen('');
    onJump(target);
  };

  return (
    <div className="d-flex align-items-center gap-2">
      <label className="small mb-0 text-nowrap" htmlFor={id}>
        Go to
      </label>
      <select
        id={id}
        className="form-select form-select-sm"
        value={chosen}
        aria-describedby={`${id}-hint`}
        onFocus={build}
        onPointerEnter={() => {
          if (options === null) build();
        }}
        onPointerLeave={(e) => {
          if (document.activeElement !== e.currentTarget) setOptions(null);
        }}
        onPointerDown={() => {
          browsing.current = false;
        }}
        onBlur={() => {
          setOptions(null);
          setChosen('');
          browsing.current = false;
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            if (chosen) {
              e.preventDefault();
              jump(chosen);
            }
            return;
          }
          browsing.current = e.key !== 'Tab' && e.key !== 'Escape' && !opensList(e);
        }}
        onChange={(e) => {
          const target = e.target.value;
          if (target && !browsing.current) jump(target);
          else setChosen(target);
        }}
      >
        <option value="">Choose a question</option>
        {options?.map((t) => (
          <option key={t.questionId} value={t.questionId}>
            {t.label}
          </option>
        ))}
      </select>
      <span id={`${id}-hint`} className="visually-hidden">
        Press Enter to go to the chosen question.
      </span>
    </div>
  );
}
