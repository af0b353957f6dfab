/**
 * The form of a text that catalogue search compares: lowercase, without accents or other combining
 * marks, single spaces ("Ají de Gallina" → "aji de gallina"). The server stores it in a column and
 * normalises the query the same way, so "aji" finds "Ají" and "AJÍ" (spec §2, issue 4).
 */
export function normaliseSearch(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

/** The words of a search query, normalised; every one of them must appear in a match. */
export function searchTerms(query: string): string[] {
  return normaliseSearch(query).split(' ').filter(Boolean);
}
