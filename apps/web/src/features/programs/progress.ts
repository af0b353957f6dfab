import type { MemberProgram } from '@storefront/contracts/loyalty';

export interface LevelView {
  /** 0 to 100, for the progress bar. */
  percent: number;
  pointsToNext: number;
  /** The next level's name, or null at the top level. */
  nextLevel: string | null;
}

const clamp = (value: number, min: number, max: number) => Math.min(Math.max(value, min), max);

/**
 * The points progress of spec §9 as the page shows it. The server computes percent and the points to
 * the next level; the bar never leaves 0–100 and the top level reads as complete.
 */
export function levelView(
  program: Pick<MemberProgram, 'percent' | 'points_to_next_level' | 'next_level'>,
): LevelView {
  if (!program.next_level) return { percent: 100, pointsToNext: 0, nextLevel: null };
  return {
    percent: clamp(Math.round(program.percent), 0, 100),
    pointsToNext: Math.max(0, program.points_to_next_level),
    nextLevel: program.next_level.name,
  };
}

/** The stamp card: one slot per required stamp, the first `available` of them filled ("available of required"). */
export function stampSlots(available: number, required: number): boolean[] {
  const size = Math.max(0, required);
  const filled = clamp(available, 0, size);
  return Array.from({ length: size }, (_, index) => index < filled);
}

/** Coins still missing to pay a price (0 when the member has enough): "Te faltan {n} monedas ...". */
export const coinsMissing = (price: number, coins: number) => Math.max(0, price - coins);
