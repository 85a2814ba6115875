// A multiple-choice response: radio buttons for one choice, checkboxes for several, each a whole-row label
// (a large touch target). The answer is the chosen choices' values, a list also for one choice. Shuffled choices
// come in the answer's drawn order (choiceOrder); the values, not the places, are the answer.
import type { MultipleChoiceSet } from '../../shared/questionnaire/types';
import type { InputProps } from './inputProps';
import { choicesAsShown } from './shownOrder';

export function ChoiceInput(props: InputProps & { sets: readonly MultipleChoiceSet[]; choiceOrder?: readonly string[] }) {
  const { id, response: r, value, onAnswer, sets, labelledBy, describedBy, required, choiceOrder } = props;
  const set = sets.find((s) => s._id === r.choices);
  const choices = set ? choicesAsShown([...set.choices].sort((a, b) => a.position - b.position), choiceOrder) : [];
  const selected = Array.isArray(value) ? value : [];
  const toggle = (choice: string, checked: boolean) => {
    if (!r.multiple) return onAnswer([choice]);
    const next = checked ? [...selected, choice] : selected.filter((v) => v !== choice);
    onAnswer(next.length > 0 ? next : undefined);
  };
  return (
    <div
      id={id}
      role={r.multiple ? 'group' : 'radiogroup'}
      className="qf-choices"
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      aria-invalid={describedBy ? true : undefined}
      aria-required={!r.multiple && required ? true : undefined}
    >
      {choices.map((c, i) => (
        <label key={`${i}-${c.value}`} className="qf-choice" htmlFor={`${id}-${i}`}>
          <input
            id={`${id}-${i}`}
            type={r.multiple ? 'checkbox' : 'radio'}
            name={id}
            value={c.value}
            checked={selected.includes(c.value)}
            onChange={(e) => toggle(c.value, e.target.checked)}
          />
          <span>{c.name}</span>
        </label>
      ))}
    </div>
  );
}
