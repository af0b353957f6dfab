import type { PickupSchedule } from '@storefront/contracts/catalogue';
import { PICKUP_DAYS_AHEAD } from '@storefront/contracts/constants';

/** Pickup slots last 30 minutes (architecture §4 Checkout) unless the place sets its own length. */
export const PICKUP_SLOT_MINUTES = 30;

/** "11:00 am", "12:30 pm", "09:00 am": the am/pm format schedules use (spec §9). */
export function amPm(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${String(hour12).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')} ${hours < 12 ? 'am' : 'pm'}`;
}

const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** "11:30" or "11:30:00" → minutes since midnight. */
const minutesOf = (time: string) => {
  const [h = 0, m = 0] = time.split(':').map(Number);
  return h * 60 + m;
};

// Building a formatter costs a quarter of a millisecond, and every order asks for its place's clock.
const clocks = new Map<string, Intl.DateTimeFormat>();
function clockOf(timeZone: string): Intl.DateTimeFormat {
  let clock = clocks.get(timeZone);
  if (!clock) {
    clock = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    clocks.set(timeZone, clock);
  }
  return clock;
}

/** Today's date (YYYY-MM-DD) and the minutes since midnight, on a place's clock. */
export function localNow(now: Date, timeZone: string): { date: string; minutes: number } {
  const parts = Object.fromEntries(
    clockOf(timeZone)
      .formatToParts(now)
      .map((part) => [part.type, part.value]),
  );
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    minutes: Number(parts.hour) * 60 + Number(parts.minute),
  };
}

/** ISO weekday of a calendar date: 1 = Monday ... 7 = Sunday. */
export function isoWeekday(date: string): number {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return day === 0 ? 7 : day;
}

export interface ScheduleInput {
  date: string;
  today: { date: string; minutes: number };
  leadMinutes: number;
  /** The length of a slot (place_pickup_settings.slot_minutes). */
  slotMinutes?: number;
  /** The place's opening hours on that weekday. */
  hours: { opens: string; closes: string }[];
}

/** Whether a date is one of the PICKUP_DAYS_AHEAD days that pickup is offered on, from `today`. */
export function inPickupWindow(date: string, today: string): boolean {
  const last = new Date(`${today}T12:00:00Z`);
  last.setUTCDate(last.getUTCDate() + PICKUP_DAYS_AHEAD - 1);
  return date >= today && date <= last.toISOString().slice(0, 10);
}

/**
 * The slots (30 minutes unless the place says otherwise) of the day's opening hours. A date outside the pickup window (past, or more
 * than PICKUP_DAYS_AHEAD days ahead) has none; today's start once the preparation lead time has passed.
 */
export function pickupSlots({
  date,
  today,
  leadMinutes,
  slotMinutes = PICKUP_SLOT_MINUTES,
  hours,
}: ScheduleInput): PickupSchedule {
  if (!inPickupWindow(date, today.date)) return { date, slots: [] };
  const earliest = date === today.date ? today.minutes + leadMinutes : 0;
  const slots: PickupSchedule['slots'] = [];
  for (const interval of hours) {
    const closes = minutesOf(interval.closes);
    for (let start = minutesOf(interval.opens); start + slotMinutes <= closes; start += slotMinutes) {
      if (start < earliest) continue;
      const end = start + slotMinutes;
      slots.push({ label: `${amPm(start)} - ${amPm(end)}`, start_time: hhmm(start), end_time: hhmm(end) });
    }
  }
  return { date, slots };
}
