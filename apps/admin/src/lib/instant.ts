/**
 * A `datetime-local` value ("2030-01-31T18:00", the browser's clock) as the API's instant (ISO with its
 * zone); empty is no date. react-admin's DateTimeInput hands the form the local text as it is.
 */
export const toInstant = (value: string | Date | null) =>
  value === null || value === '' ? null : new Date(value).toISOString();
