// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { coinsMissing, levelView, stampSlots } from './progress.ts';

const plata = { uid: 'level-plata', name: 'Plata', min_points: 200 };

describe('levelView', () => {
  it('shows the percent and the points to the next level', () => {
    expect(levelView({ percent: 60, points_to_next_level: 80, next_level: plata })).toEqual({
      percent: 60,
      pointsToNext: 80,
      nextLevel: 'Plata',
    });
  });

  it('reads the top level as complete', () => {
    expect(levelView({ percent: 37, points_to_next_level: 0, next_level: null })).toEqual({
      percent: 100,
      pointsToNext: 0,
      nextLevel: null,
    });
  });

  it('keeps the bar between 0 and 100', () => {
    expect(levelView({ percent: 140, points_to_next_level: -5, next_level: plata })).toMatchObject({
      percent: 100,
      pointsToNext: 0,
    });
    expect(levelView({ percent: -3, points_to_next_level: 200, next_level: plata }).percent).toBe(0);
  });
});

describe('stampSlots', () => {
  it('fills available of required', () => {
    expect(stampSlots(2, 6)).toEqual([true, true, false, false, false, false]);
    expect(stampSlots(0, 3)).toEqual([false, false, false]);
    expect(stampSlots(6, 6)).toEqual([true, true, true, true, true, true]);
  });

  it('never overflows the card', () => {
    expect(stampSlots(9, 4)).toEqual([true, true, true, true]);
    expect(stampSlots(-1, 2)).toEqual([false, false]);
    expect(stampSlots(3, 0)).toEqual([]);
  });
});

describe('coinsMissing', () => {
  it('is the difference when the price exceeds the coins, else 0', () => {
    expect(coinsMissing(150, 100)).toBe(50);
    expect(coinsMissing(100, 100)).toBe(0);
    expect(coinsMissing(50, 500)).toBe(0);
  });
});
