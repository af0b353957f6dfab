import { randomBytes, randomUUID } from 'node:crypto';
import type {
  AdminGiftCard,
  AdminGiftCardBatchCreate,
  AdminGiftCardCreate,
  AdminGiftCardsQuery,
} from '@storefront/contracts/admin-campaigns';
import { moneyToCents } from '@storefront/contracts/admin-catalogue';
import { AppError, FIELD_MESSAGES } from '@storefront/contracts/errors';
import { centsToDecimal } from '@storefront/contracts/money';
import type { Executor } from '@storefront/db/client';
import type { PageRequest } from '../../../lib/paging.ts';
import type { AdminContext } from '../access/admin-guard.ts';
import { recordChange } from '../audit/audit.service.ts';
import { checkVersion } from '../catalogue/versions.ts';
import * as repo from './campaigns.repository.ts';

const AUDIT = 'gift_card';

function toGiftCard(row: repo.AdminGiftCardRow): AdminGiftCard {
  const history: AdminGiftCard['history'] = [{ at: row.createdAt.toISOString(), event: 'ISSUED', by: null }];
  if (row.redeemedAt)
    history.push({ at: row.redeemedAt.toISOString(), event: 'REDEEMED', by: row.redeemedBy });
  if (row.voidedAt) history.push({ at: row.voidedAt.toISOString(), event: 'VOIDED', by: null });
  return {
    uid: row.uid,
    program: row.programUid,
    code: row.code,
    amount: centsToDecimal(row.balanceCents),
    status: row.voidedAt ? 'VOIDED' : row.redeemedAt ? 'REDEEMED' : 'ACTIVE',
    created_at: row.createdAt.toISOString(),
    redeemed_at: row.redeemedAt?.toISOString() ?? null,
    redeemed_by: row.redeemedBy,
    voided_at: row.voidedAt?.toISOString() ?? null,
    history,
    version: row.version,
  };
}

const audited = (card: AdminGiftCard) => ({
  program: card.program,
  code: card.code,
  amount: card.amount,
  status: card.status,
});

export async function listGiftCards(ctx: AdminContext, query: AdminGiftCardsQuery, at: PageRequest) {
  const { rows, count } = await repo.listGiftCards(ctx.db, ctx.company.uid, query, at);
  return { count, results: rows.map(toGiftCard) };
}

export async function getGiftCard(ctx: AdminContext, uid: string): Promise<AdminGiftCard> {
  const row = await repo.findGiftCard(ctx.db, ctx.company.uid, uid);
  if (!row) throw new AppError('NOT_FOUND');
  return toGiftCard(row);
}

/** 12 characters without look-alikes, in groups of four: XXXX-XXXX-XXXX (or PREFIX-XXXX-XXXX). */
function newCode(prefix?: string): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const chars = [...randomBytes(12)].map((byte) => alphabet[byte % alphabet.length]).join('');
  const groups = chars.match(/.{4}/g) as string[];
  return prefix ? [prefix, ...groups.slice(1)].join('-') : groups.join('-');
}

async function programOf(tx: Executor, ctx: AdminContext, uid: string) {
  const program = await repo.findCompanyProgram(tx, ctx.company.uid, uid);
  if (!program) throw new AppError('VALIDATION', { program: [FIELD_MESSAGES.notInCompany[ctx.language]] });
  return program;
}

/**
 * Issues `count` cards with generated codes. The app's unique index on codes decides: a code another
 * card (or a concurrent issue) already has is skipped and drawn again, so codes never repeat.
 */
async function issue(
  tx: Executor,
  ctx: AdminContext,
  programUid: string,
  cents: number,
  count: number,
  prefix?: string,
): Promise<string[]> {
  const uids: string[] = [];
  for (let round = 0; uids.length < count; round++) {
    if (round === 10) throw new Error('could not draw unique gift card codes');
    const rows = Array.from({ length: count - uids.length }, () => ({
      uid: randomUUID(),
      appUid: ctx.company.appUid,
      programUid,
      code: newCode(prefix),
      balanceCents: cents,
    }));
    uids.push(...(await repo.insertGiftCards(tx, rows)));
  }
  return uids;
}

async function created(tx: Executor, ctx: AdminContext, uids: string[]) {
  const cards: AdminGiftCard[] = [];
  for (const uid of uids) {
    const card = toGiftCard((await repo.findGiftCard(tx, ctx.company.uid, uid)) as repo.AdminGiftCardRow);
    await recordChange(tx, ctx, { type: AUDIT, uid }, 'create', null, audited(card));
    cards.push(card);
  }
  return cards;
}

/** One card, with the code given (a code the app already has is a 400) or a generated one. */
export function createGiftCard(ctx: AdminContext, body: AdminGiftCardCreate): Promise<AdminGiftCard> {
  return ctx.db.transaction(async (tx) => {
    const program = await programOf(tx, ctx, body.program);
    const cents = moneyToCents(body.amount);
    let uids: string[];
    if (body.code) {
      uids = await repo.insertGiftCards(tx, [
        {
          uid: randomUUID(),
          appUid: ctx.company.appUid,
          programUid: program.uid,
          code: body.code,
          balanceCents: cents,
        },
      ]);
      if (uids.length === 0)
        throw new AppError('VALIDATION', { code: [FIELD_MESSAGES.alreadyExists[ctx.language]] });
    } else uids = await issue(tx, ctx, program.uid, cents, 1);
    const [card] = await created(tx, ctx, uids);
    return card as AdminGiftCard;
  });
}

/** A batch of cards of one amount, each with its own generated code, all or none. */
export function createGiftCardBatch(ctx: AdminContext, body: AdminGiftCardBatchCreate) {
  return ctx.db.transaction(async (tx) => {
    const program = await programOf(tx, ctx, body.program);
    const uids = await issue(tx, ctx, program.uid, moneyToCents(body.amount), body.count, body.prefix);
    return { results: await created(tx, ctx, uids) };
  });
}

/**
 * Voids a card that was not loaded yet. Its row is locked as a member's redeem locks it, so a void and
 * a redeem at once end one way or the other: loaded (the void is refused) or voided (the redeem is).
 * Voiding a voided card changes nothing.
 */
export function voidGiftCard(
  ctx: AdminContext,
  uid: string,
  ifMatch: number | undefined,
): Promise<AdminGiftCard> {
  return ctx.db.transaction(async (tx) => {
    const row = await repo.findGiftCard(tx, ctx.company.uid, uid, true);
    if (!row) throw new AppError('NOT_FOUND');
    const before = toGiftCard(row);
    checkVersion(ifMatch, before);
    if (row.redeemedAt) throw new AppError('GIFT_CARD_ALREADY_USED');
    if (row.voidedAt) return before;
    await repo.voidGiftCard(tx, uid);
    const after = toGiftCard((await repo.findGiftCard(tx, ctx.company.uid, uid)) as repo.AdminGiftCardRow);
    await recordChange(tx, ctx, { type: AUDIT, uid }, 'update', audited(before), audited(after));
    return after;
  });
}
