// A button that stays focusable while its work runs: a disabled button drops keyboard focus to the page, so
// this one only says it is unavailable (aria-disabled) and ignores presses until the work is done.
import Button, { type ButtonProps } from 'react-bootstrap/Button';

export function BusyButton({ busy, onClick, className, ...props }: ButtonProps & { busy: boolean }) {
  return (
    <Button
      {...props}
      className={[className, busy ? 'disabled' : null].filter(Boolean).join(' ') || undefined}
      aria-disabled={busy || undefined}
      onClick={(event) => {
        if (busy) event.preventDefault();
        else onClick?.(event);
      }}
    />
  );
}
