// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { dateFormat, formatCalendarDay, formatDate } from './dates.ts';

describe('calendar days as shown', () => {
  it('reads an ISO day in the reader’s language, never as the raw ISO text', () => {
    expect(formatCalendarDay('2026-11-25', 'es')).toBe('25 nov. 2026');
    expect(formatCalendarDay('2026-11-25', 'en')).toBe('Nov 25, 2026');
    expect(formatCalendarDay('2027-03-20', 'es', 'full')).toBe('sábado, 20 de marzo de 2027');
  });

  it('keeps the day whatever the time zone (the first of the month stays the first)', () => {
    expect(formatCalendarDay('2026-12-01', 'es')).toBe('1 dic. 2026');
  });
});

describe('instants as dates', () => {
  it('shows a promotion’s or a raffle’s end in the reader’s language, medium or long', () => {
    expect(formatDate('2026-11-25T15:00:00Z', 'es')).toBe('25 nov. 2026');
    expect(formatDate('2026-11-25T15:00:00Z', 'en', 'long')).toBe('November 25, 2026');
  });

  it('makes each format once and reuses it (a card per promotion made one each)', () => {
    expect(dateFormat('es', { dateStyle: 'long' })).toBe(dateFormat('es', { dateStyle: 'long' }));
    expect(dateFormat('es', { dateStyle: 'long' })).not.toBe(dateFormat('en', { dateStyle: 'long' }));
  });
});
