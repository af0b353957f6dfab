import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type TenantFile, tenantFileSchema } from '@storefront/contracts/tenant-file';
import { describe, expect, it } from 'vitest';
import { datesFromToday, shiftDate } from './tenant-dates.ts';

const demo = tenantFileSchema.parse(
  JSON.parse(readFileSync(fileURLToPath(new URL('../demo/demo.tenant.json', import.meta.url)), 'utf8')),
);

/** Every schedule date of the demo app, by what it is. */
function schedule(file: TenantFile) {
  const app = file.apps[0] as TenantFile['apps'][number] & Record<string, unknown>;
  const programs = app.programs ?? [];
  return {
    promotionsUntil: programs.flatMap((p) => (p.promotions ?? []).map((promo) => promo.valid_until)),
    rafflesEnd: programs.flatMap((p) => (p.raffles ?? []).map((raffle) => raffle.ends_at)),
    events: (app.events ?? []).map((event) => event.start_date),
    coupons: Object.fromEntries(
      (app.coupons ?? []).map((c) => [c.code, c.valid_until ?? c.valid_from ?? null]),
    ),
    birthdates: (app.users ?? []).map((user) => user.birthdate),
  };
}

describe('tenant-file dates relative to the import day', () => {
  it('moves a date or date-time by whole days, keeping the time and its offset', () => {
    expect(shiftDate('2030-12-31T23:59:59-05:00', 1)).toBe('2031-01-01T23:59:59-05:00');
    expect(shiftDate('2024-02-28', 1)).toBe('2024-02-29');
    expect(shiftDate('2026-03-01', -1)).toBe('2026-02-28');
    expect(shiftDate('not a date', 5)).toBe('not a date');
  });

  it('keeps the demo usable on any day: promotions, raffles and events stay ahead, the expired coupon behind', () => {
    for (const years of [0, 4, 10, 40]) {
      const today = new Date(Date.parse(`${demo.dates_relative_to}T15:00:00Z`) + years * 365.25 * 86_400_000);
      const moved = schedule(datesFromToday(demo, today));
      const ahead = (value: string | undefined) => value !== undefined && Date.parse(value) > today.getTime();
      expect(moved.promotionsUntil.length).toBeGreaterThan(10);
      expect({ years, promotions: moved.promotionsUntil.every(ahead) }).toEqual({ years, promotions: true });
      expect({ years, raffles: moved.rafflesEnd.every(ahead) }).toEqual({ years, raffles: true });
      expect({ years, events: moved.events.every(ahead) }).toEqual({ years, events: true });
      expect({
        years,
        expired: ahead(moved.coupons.VENCIDO as string),
        future: ahead(moved.coupons.FUTURO as string),
      }).toEqual({
        years,
        expired: false,
        future: true,
      });
      expect(moved.birthdates).toEqual(schedule(demo).birthdates);
    }
  });

  it('leaves a file without a reference day as written', () => {
    const { dates_relative_to: _, ...fixed } = demo;
    expect(datesFromToday(fixed as TenantFile, new Date('2040-01-01'))).toBe(fixed);
  });
});
