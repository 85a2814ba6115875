// A labelled input: the label above it, a help text tied to it, the size of a thumb.
import { useId, type InputHTMLAttributes } from 'react';

interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  help?: string;
}

export function Field({ label, help, ...input }: FieldProps) {
  const id = useId();
  const helpId = help ? `${id}-help` : undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} aria-describedby={helpId} {...input} />
      {help ? (
        <p className="help" id={helpId}>
          {help}
        </p>
      ) : null}
    </div>
  );
}
