import { describe, expect, it } from 'vitest';
import { amPm, isoWeekday, localNow, pickupSlots } from './pickup-schedule.ts';

describe('pickup schedule', () => {
  it('formats times in the am/pm format', () => {
    expect([0, 30, 9 * 60, 11 * 60, 12 * 60, 12 * 60 + 30, 13 * 60, 23 * 60 + 30].map(amPm)).toEqual([
      '12:00 am',
      '12:30 am',
      '09:00 am',
      '11:00 am',
      '12:00 pm',
      '12:30 pm',
      '01:00 pm',
      '11:30 pm',
    ]);
  });

  it("reads today on the place's clock", () => {
    // 03:10 UTC on 7 January 2030 is still 6 January, 22:10, in Lima (UTC-5).
    expect(localNow(new Date('2030-01-07T03:10:00Z'), 'America/Lima')).toEqual({
      date: '2030-01-06',
      minutes: 22 * 60 + 10,
    });
    expect(isoWeekday('2030-01-06')).toBe(7);
    expect(isoWeekday('2030-01-07')).toBe(1);
  });

  it('starts today after the lead time, keeps split hours, and gives nothing for a past day', () => {
    const hours = [
      { opens: '11:00:00', closes: '15:00:00' },
      { opens: '18:00:00', closes: '19:15:00' },
    ];
    const today = { date: '2030-01-07', minutes: 11 * 60 + 10 };
    const slots = pickupSlots({ date: '2030-01-07', today, leadMinutes: 30, hours }).slots;
    expect(slots.map((slot) => slot.start_time)).toEqual([
      '12:00',
      '12:30',
      '13:00',
      '13:30',
      '14:00',
      '14:30',
      '18:00',
      '18:30',
    ]);
    expect(slots[0]?.label).toBe('12:00 pm - 12:30 pm');
    const tomorrow = pickupSlots({ date: '2030-01-08', today, leadMinutes: 30, hours }).slots;
    expect(tomorrow[0]?.start_time).toBe('11:00');
    expect(pickupSlots({ date: '2030-01-06', today, leadMinutes: 30, hours }).slots).toEqual([]);
    const late = { date: '2030-01-07', minutes: 18 * 60 + 50 };
    expect(pickupSlots({ date: '2030-01-07', today: late, leadMinutes: 30, hours }).slots).toEqual([]);
  });
});
