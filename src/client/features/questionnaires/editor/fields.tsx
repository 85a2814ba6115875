// Plain form controls with Bootstrap's classes for the question cards. A 200-question editor renders thousands
// of them at once: plain elements keep that to what the browser must build.
import type { ReactNode } from 'react';

export function Labelled({ id, label, className, children }: { id: string; label: string; className?: string; children: ReactNode }) {
  return (
    <div className={className}>
      <label className="form-label small mb-1" htmlFor={id}>
        {label}
      </label>
      {children}
    </div>
  );
}

export function TextSetting({ id, label, value, onChange, className }: { id: string; label: string; value: string; onChange: (value: string) => void; className?: string }) {
  return (
    <Labelled id={id} label={label} className={className}>
      <input id={id} className="form-control form-control-sm" value={value} onChange={(e) => onChange(e.target.value)} />
    </Labelled>
  );
}

export function Check({ id, label, checked, onChange, className }: { id: string; label: string; checked: boolean; onChange: (checked: boolean) => void; className?: string }) {
  return (
    <div className={`form-check${className ? ` ${className}` : ''}`}>
      <input id={id} className="form-check-input" type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      <label className="form-check-label" htmlFor={id}>
        {label}
      </label>
    </div>
  );
}

export function SmallButton({ variant, onClick, children, label }: { variant: string; onClick: () => void; children: ReactNode; label?: string }) {
  return (
    <button type="button" className={`btn btn-sm btn-${variant}`} onClick={onClick} aria-label={label}>
      {children}
    </button>
  );
}
