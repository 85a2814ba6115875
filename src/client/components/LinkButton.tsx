// A link that looks like a button: navigation stays a link for screen readers and middle-click.
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

interface LinkButtonProps {
  to: string;
  variant?: 'primary' | 'secondary' | 'outline-primary' | 'outline-secondary' | 'link';
  size?: 'sm' | 'lg';
  className?: string;
  children: ReactNode;
}

export function LinkButton({ to, variant = 'primary', size, className, children }: LinkButtonProps) {
  const classes = ['btn', `btn-${variant}`, size ? `btn-${size}` : null, className].filter(Boolean).join(' ');
  return (
    <Link to={to} className={classes}>
      {children}
    </Link>
  );
}
