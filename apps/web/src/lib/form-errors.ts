import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client.ts';

/**
 * Shows a 400 answer's field errors on their fields (first message each, spec §5) and answers the one
 * message meant for the whole form: non_field_errors, a detail, or a field the form does not show.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  fields: readonly Path<T>[],
  setError: UseFormSetError<T>,
  fallback: string,
): string | null {
  if (!(error instanceof ApiError)) return fallback;
  let general: string | null = null;
  for (const [key, value] of Object.entries(error.body)) {
    const message = Array.isArray(value) ? value[0] : value;
    if (typeof message !== 'string') continue;
    if ((fields as readonly string[]).includes(key)) setError(key as Path<T>, { type: 'server', message });
    else general ??= message;
  }
  return general ?? (error.status === 400 ? null : fallback);
}
