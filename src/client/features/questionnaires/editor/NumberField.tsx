// A number input that lets the user pass through states that are not numbers yet ('' or '-') while typing;
// only numbers reach the questionnaire, and leaving the field shows the number kept.
import { useState } from 'react';
import { Labelled } from './fields';

interface NumberFieldProps {
  id: string;
  label: string;
  value: number;
  onChange: (value: number) => void;
  className?: string;
}

export function NumberField({ id, label, value, onChange, className }: NumberFieldProps) {
  const [text, setText] = useState<string | null>(null);
  return (
    <Labelled id={id} label={label} className={className}>
      <input
        id={id}
        type="number"
        className="form-control form-control-sm"
        value={text ?? String(value)}
        onChange={(event) => {
          setText(event.target.value);
          const parsed = Number(event.target.value);
          if (event.target.value.trim() !== '' && Number.isFinite(parsed)) onChange(parsed);
        }}
        onBlur={() => setText(null)}
      />
    </Labelled>
  );
}
