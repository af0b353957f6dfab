/** The locale of the storefront's languages: Peruvian Spanish, or American English. */
export const dateLocale = (language: string) => (language === 'en' ? 'en-US' : 'es-PE');

const formats = new Map<string, Intl.DateTimeFormat>();

/**
 * The date format of a language, made once: making an Intl.DateTimeFormat costs far more than using it,
 * and a page of 24 promotions that made one per card spent 75 ms of its hydration on them.
 */
export function dateFormat(language: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${language} ${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(dateLocale(language), options);
    formats.set(key, format);
  }
  return format;
}

/** An instant of the API (a promotion's or a poll's end) as a date in the reader's language. */
export const formatDate = (iso: string, language: string, dateStyle: 'medium' | 'long' = 'medium') =>
  dateFormat(language, { dateStyle }).format(new Date(iso));

/**
 * A calendar day of the API ("2026-11-25": a pickup day, an event's day) in the reader's language. It
 * has no time zone, so it is read and written in UTC and stays that day wherever the browser is.
 */
export function formatCalendarDay(
  date: string,
  language: string,
  dateStyle: 'full' | 'long' | 'medium' = 'medium',
): string {
  return dateFormat(language, { dateStyle, timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
}
