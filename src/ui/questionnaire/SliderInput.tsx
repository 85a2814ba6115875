// A slider response. It has no value until the participant chooses one: the thumb is hidden and the slider
// reads "No value chosen" until then, so its resting place is never taken for an answer. The keys are handled
// here (arrows step by one, Page keys by a tenth, Home and End jump), the same in every browser; the first key
// on an unchosen slider chooses from the middle.
import type { KeyboardEvent, PointerEvent } from 'react';
import { ariaOf, type InputProps } from './inputProps';

function clamp(n: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, n));
}

export function SliderInput(props: InputProps) {
  const { id, response: r, value, onAnswer, texts } = props;
  const min = Number(r.min);
  const max = Number(r.max);
  const middle = Math.round((min + max) / 2);
  const chosen = typeof value === 'string' && value !== '';
  const current = chosen ? Number(value) : middle;
  const page = Math.max(1, Math.round((max - min) / 10));

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    const from = chosen ? current : null;
    const steps: Record<string, number | null> = {
      ArrowRight: from === null ? middle : from + 1,
      ArrowUp: from === null ? middle : from + 1,
      ArrowLeft: from === null ? middle : from - 1,
      ArrowDown: from === null ? middle : from - 1,
      PageUp: from === null ? middle : from + page,
      PageDown: from === null ? middle : from - page,
      Home: min,
      End: max,
    };
    const next = steps[e.key];
    if (next === undefined || next === null) return;
    e.preventDefault();
    onAnswer(String(clamp(next, min, max)));
  };
  /**
   * A tap where the hidden thumb rests fires no change; it still chooses that value. The slider's own value is
   * read (not the middle), in case the change from the same tap has not come back through the props yet.
   */
  const onPointerUp = (e: PointerEvent<HTMLInputElement>) => {
    if (!chosen) onAnswer(e.currentTarget.value);
  };

  return (
    <div className="qf-slider">
      <div className="qf-slider-row">
        <span className="qf-slider-end">{r.min_label || r.min}</span>
        <input
          id={id}
          className={chosen ? 'qf-range' : 'qf-range qf-range-unset'}
          type="range"
          min={min}
          max={max}
          step={1}
          value={current}
          aria-valuetext={chosen ? String(current) : texts.sliderNoValue}
          onChange={(e) => onAnswer(e.target.value)}
          onKeyDown={onKeyDown}
          onPointerUp={onPointerUp}
          {...ariaOf(props)}
        />
        <span className="qf-slider-end">{r.max_label || r.max}</span>
      </div>
      <output htmlFor={id} className="qf-slider-value">
        {chosen ? texts.sliderValue(String(current)) : texts.sliderNoValue}
      </output>
    </div>
  );
}
