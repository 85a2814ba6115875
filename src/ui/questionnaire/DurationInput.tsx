// A duration response: a number field for each unit the response offers (days, hours, minutes), kept as the
// ISO-8601 duration the API takes (P1DT2H30M). Empty fields are left out; all empty clears the answer.
import type { InputProps } from './inputProps';

type Unit = 'day' | 'hour' | 'minute';
const UNITS: readonly Unit[] = ['day', 'hour', 'minute'];
const SHAPE = /^P(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?)?$/;

/** The number typed for each unit, read back from the answer. */
function partsOf(value: unknown): Record<Unit, string> {
  const match = typeof value === 'string' ? SHAPE.exec(value) : null;
  return { day: match?.[1] ?? '', hour: match?.[2] ?? '', minute: match?.[3] ?? '' };
}

function durationOf(parts: Record<Unit, string>): string | undefined {
  if (!parts.day && !parts.hour && !parts.minute) return undefined;
  const time = (parts.hour ? `${parts.hour}H` : '') + (parts.minute ? `${parts.minute}M` : '');
  return `P${parts.day ? `${parts.day}D` : ''}${time ? `T${time}` : ''}`;
}

export function DurationInput(props: InputProps) {
  const { id, response: r, value, onAnswer, texts, labelledBy, describedBy, required } = props;
  const parts = partsOf(value);
  const names: Record<Unit, string> = { day: texts.days, hour: texts.hours, minute: texts.minutes };
  const change = (unit: Unit, typed: string) => {
    if (!/^\d{0,5}$/.test(typed)) return;
    onAnswer(durationOf({ ...parts, [unit]: typed }));
  };
  return (
    <div id={id} role="group" className="qf-duration" aria-labelledby={labelledBy} aria-describedby={describedBy}>
      {UNITS.filter((unit) => r[unit]).map((unit) => (
        <label key={unit} className="qf-duration-unit" htmlFor={`${id}-${unit}`}>
          <span>{names[unit]}</span>
          <input
            id={`${id}-${unit}`}
            className="qf-input"
            type="text"
            inputMode="numeric"
            pattern="[0-9]*"
            autoComplete="off"
            value={parts[unit]}
            onChange={(e) => change(unit, e.target.value.trim())}
            aria-invalid={describedBy ? true : undefined}
            aria-required={required || undefined}
          />
        </label>
      ))}
    </div>
  );
}
