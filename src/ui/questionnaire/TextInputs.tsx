// Text, text area and time (a time or a date, by the picker format) responses: plain inputs the phone's own
// keyboard and pickers serve.
import { ariaOf, orCleared, textOf, type InputProps } from './inputProps';
import { RESPONSE_CHECKS } from '../../shared/questionnaire/rules';

export function TextInput(props: InputProps) {
  const { id, response: r, value, onAnswer } = props;
  const email = r.validation.regex_string === RESPONSE_CHECKS.email;
  return (
    <div className="qf-text-row">
      {r.pre_label && <span id={`${id}-pre`}>{r.pre_label}</span>}
      <input
        id={id}
        className="qf-input"
        type="text"
        inputMode={r.number_only ? 'decimal' : email ? 'email' : undefined}
        autoComplete="off"
        value={textOf(value)}
        onChange={(e) => onAnswer(orCleared(e.target.value))}
        {...ariaOf(props)}
        aria-labelledby={r.pre_label ? `${props.labelledBy} ${id}-pre` : props.labelledBy}
      />
      {r.post_label && <span>{r.post_label}</span>}
    </div>
  );
}

export function TextAreaInput(props: InputProps) {
  const { id, value, onAnswer } = props;
  return <textarea id={id} className="qf-input qf-textarea" rows={4} value={textOf(value)} onChange={(e) => onAnswer(orCleared(e.target.value))} {...ariaOf(props)} />;
}

export function TimeInput(props: InputProps) {
  const { id, response: r, value, onAnswer } = props;
  return (
    <div>
      {r.instruction_msg && (
        <p id={`${id}-instruction`} className="qf-hint">
          {r.instruction_msg}
        </p>
      )}
      <input
        id={id}
        className="qf-input qf-input-short"
        type={r.picker_format === 'DD MM YYYY' ? 'date' : 'time'}
        value={textOf(value)}
        onChange={(e) => onAnswer(orCleared(e.target.value))}
        {...ariaOf(props)}
        aria-labelledby={r.instruction_msg ? `${props.labelledBy} ${id}-instruction` : props.labelledBy}
      />
    </div>
  );
}
