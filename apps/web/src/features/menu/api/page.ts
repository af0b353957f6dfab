/** The list envelope of every paged call (spec §3: results, next, previous, count). */
export interface Page<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}
