import type { ButtonHTMLAttributes } from 'react';
import { useHydrated } from '../../lib/server-render.tsx';

/**
 * A form's submit button, disabled until the page is hydrated: before that, pressing it (or Enter in a
 * field) would have the browser submit the form itself, as a GET with every field, a password too, in
 * the address, the history and the server's log.
 */
export function SubmitButton({ disabled, ...props }: Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'>) {
  const hydrated = useHydrated();
  return <button type="submit" {...props} disabled={!hydrated || disabled} />;
}
