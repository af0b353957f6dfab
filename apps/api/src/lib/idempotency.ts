import { createHash } from 'node:crypto';
import { AppError } from '@storefront/contracts/errors';
import type { Database, Transaction } from '@storefront/db/client';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  claimIdempotencyKey,
  findIdempotencyKey,
  type IdempotencyRow,
  storeIdempotentResponse,
} from './idempotency.repository.ts';

export interface WriteResult<T = unknown> {
  status: number;
  body: T;
}

const MAX_KEY_LENGTH = 255;

/** JSON with sorted keys, so that the same body hashes the same whatever its key order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

function requestHash(request: FastifyRequest): string {
  const path = request.url.split('?')[0];
  return createHash('sha256')
    .update(`${request.method} ${path} ${canonical(request.body)}`)
    .digest('hex');
}

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}

function replay(row: IdempotencyRow, hash: string): WriteResult {
  if (row.requestHash !== hash) throw new AppError('IDEMPOTENCY_KEY_REUSED');
  // A claim without an answer belongs to a transaction that is still running on another connection.
  if (row.responseStatus === null) throw new AppError('IDEMPOTENCY_KEY_REUSED');
  return { status: row.responseStatus, body: row.responseBody };
}

/**
 * Runs a write in one transaction, honouring the `Idempotency-Key` header (architecture §3): the same
 * key and request from the same user answers the first result again and changes nothing; the same key
 * with another request answers 422. The key is claimed inside the write's transaction, so a failed
 * write leaves no trace and may be retried with the same key. `prepare`, when given, does the write's
 * lock-free reads before the transaction (alongside the key's look-up; a replay ignores its outcome),
 * so that the transaction holds its locks only for the writes.
 */
export async function idempotentWrite<T, P = undefined>(
  request: FastifyRequest,
  userUid: string,
  work: (tx: Transaction, prepared: P) => Promise<WriteResult<T>>,
  prepare?: () => Promise<P>,
): Promise<WriteResult<T>> {
  const db: Database = request.server.db;
  const header = request.headers['idempotency-key'];
  const key = Array.isArray(header) ? header[0] : header;
  const prepared = () => (prepare ? prepare() : Promise.resolve(undefined as P));
  if (!key) {
    const ready = await prepared();
    return db.transaction((tx) => work(tx, ready));
  }
  if (key.length > MAX_KEY_LENGTH) throw new AppError('VALIDATION');
  const hash = requestHash(request);
  const [existing, ready] = await Promise.allSettled([findIdempotencyKey(db, userUid, key), prepared()]);
  if (existing.status === 'rejected') throw existing.reason;
  if (existing.value) return replay(existing.value, hash) as WriteResult<T>;
  if (ready.status === 'rejected') throw ready.reason;
  try {
    return await db.transaction(async (tx) => {
      await claimIdempotencyKey(tx, userUid, key, hash);
      const result = await work(tx, ready.value);
      await storeIdempotentResponse(tx, userUid, key, result.status, result.body);
      return result;
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const row = await findIdempotencyKey(db, userUid, key);
    if (!row) throw error;
    return replay(row, hash) as WriteResult<T>;
  }
}

/** Sends a write's result with its status. */
export const sendResult = (reply: FastifyReply, result: WriteResult) =>
  reply.status(result.status).send(result.body);
