import { createHash, randomBytes } from 'node:crypto';

/**
 * How a raffle's winners are picked, so that anyone can re-check a draw from its record (decision 019,
 * raffles): each registration uid is given the SHA-256 of `{seed}:{uid}` (hex), and the registrations
 * with the smallest hashes win, smallest first. The seed is 32 random bytes drawn at the moment of the
 * draw; SHA-256 makes the ranks independent of the uids and of their order, so the admin cannot steer
 * the result, and `printf '%s' "$SEED:$UID" | sha256sum` reproduces it with no code of ours.
 */
export const DRAW_ALGORITHM = 'sha256-rank-v1';

export const newSeed = () => randomBytes(32).toString('hex');

const rank = (seed: string, uid: string) => createHash('sha256').update(`${seed}:${uid}`).digest('hex');

/** The winning registration uids, first drawn first. */
export function pickWinners(seed: string, registrationUids: readonly string[], count: number): string[] {
  return registrationUids
    .map((uid) => ({ uid, rank: rank(seed, uid) }))
    .sort((a, b) => (a.rank < b.rank ? -1 : a.rank > b.rank ? 1 : a.uid < b.uid ? -1 : 1))
    .slice(0, count)
    .map((entry) => entry.uid);
}
