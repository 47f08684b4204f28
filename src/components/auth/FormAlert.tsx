import { CircleAlert } from 'lucide-react';
import { useEffect, useRef } from 'react';

/**
 * The error of a whole form (a wrong password, an expired link), shown beside it as well as in a
 * toast: announced (role=alert) and focused when it appears, so keyboard and screen-reader users
 * land on it. `version` changes with each attempt, so the same message is announced again.
 */
export function FormAlert({ message, version = 0 }: { message: string | undefined; version?: number }) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (message) ref.current?.focus();
  }, [message, version]);
  if (!message) return null;
  return (
    <p
      ref={ref}
      role="alert"
      tabIndex={-1}
      className="flex items-start gap-2 rounded-md border border-destructive/40 bg-destructive-soft p-3 text-sm text-destructive focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring"
    >
      <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>{message}</span>
    </p>
  );
}
