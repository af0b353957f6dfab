/** The locale of the storefront's languages: Peruvian Spanish, or American English. */
export const dateLocale = (language: string) => (language === 'en' ? 'en-US' : 'es-PE');

/**
 * A calendar day of the API ("2026-11-25": a pickup day, an event's day) in the reader's language. It
 * has no time zone, so it is read and written in UTC and stays that day wherever the browser is.
 */
export function formatCalendarDay(
  date: string,
  language: string,
  dateStyle: 'full' | 'long' | 'medium' = 'medium',
): string {
  return new Intl.DateTimeFormat(dateLocale(language), { dateStyle, timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );
}
