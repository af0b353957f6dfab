import { createHash, randomBytes } from 'node:crypto';
import type { Executor } from '@storefront/db/client';
import {
  findUserByToken,
  insertToken,
  revokeToken,
  revokeUserTokens,
  type UserRow,
} from './sessions.repository.ts';

/** Tokens end after this long without use (architecture §3). */
export const TOKEN_IDLE_DAYS = 30;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A new sign-in token: 256 random bits, of which only the hash is stored. */
export async function issueToken(db: Executor, user: Pick<UserRow, 'uid' | 'appUid'>): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await insertToken(db, hashToken(token), user.uid, user.appUid);
  return token;
}

/** Tokens last used before this are idle, hence no longer valid. */
export const tokenIdleSince = () => new Date(Date.now() - TOKEN_IDLE_DAYS * 24 * 60 * 60 * 1000);

export function userForToken(db: Executor, appUid: string | null, token: string): Promise<UserRow | null> {
  return findUserByToken(db, appUid, hashToken(token), tokenIdleSince());
}

export const endSession = (db: Executor, token: string) => revokeToken(db, hashToken(token));

export const endOtherSessions = (db: Executor, userUid: string, currentToken: string) =>
  revokeUserTokens(db, userUid, hashToken(currentToken));

export const endAllSessions = (db: Executor, userUid: string) => revokeUserTokens(db, userUid);
