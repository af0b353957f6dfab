import type { DocumentType, StaffRoleName } from '@storefront/contracts/constants';
import { AppError, type ErrorCode, errorMessage } from '@storefront/contracts/errors';
import type { Redemption } from '@storefront/contracts/loyalty';
import type { Order } from '@storefront/contracts/orders';
import type {
  CreateUserBody,
  Customer,
  PointsBody,
  RetailPlace,
  RetailRedeemBody,
  RetailRedemption,
  StampBody,
} from '@storefront/contracts/retail';
import { validateValue } from '@storefront/contracts/validators';
import type { Executor, Transaction } from '@storefront/db/client';
import type { FastifyRequest } from 'fastify';
import type { WriteResult } from '../../lib/idempotency.ts';
import type { PageRequest } from '../../lib/paging.ts';
import { type MemberContext, memberContextOf } from '../../lib/request-context.ts';
import {
  findUserByDocument,
  findUserByEmail,
  findUserByMobile,
  insertUser,
} from '../accounts/accounts.repository.ts';
import { sendWelcomeLink } from '../accounts/accounts.service.ts';
import { findMembership, type MembershipRow } from '../loyalty/ledger.repository.ts';
import { addPoints, addStamp, ensureMembership } from '../loyalty/ledger.service.ts';
import { levelsOf } from '../loyalty/programs.repository.ts';
import { levelProgress } from '../loyalty/programs.service.ts';
import { listAcquired, listPromotions } from '../loyalty/promotions.repository.ts';
import { redeemPromotion, toPromotionDto } from '../loyalty/promotions.service.ts';
import { type OrderStatus, transitionOrder } from '../orders/order-status.service.ts';
import { listHistory, placeNames } from '../orders/orders.repository.ts';
import type { toOrderDto } from '../orders/orders.service.ts';
import { ordersWithPayments, orderWithPayment } from '../payments/payments.service.ts';
import { hashToken, tokenIdleSince } from '../sessions/sessions.service.ts';
import * as repo from './retail.repository.ts';

// ---------------------------------------------------------------- who may do what

export interface StaffRole {
  companyUid: string;
  companyName: string;
  role: StaffRoleName;
  placeUids: string[];
}

/** A staff member's call: the member context plus their roles (companies and places). */
export interface StaffContext extends MemberContext {
  roles: StaffRole[];
}

/** The context of a retail call: 401 without a user, 403 for a user without a staff role. */
export async function staffContextOf(request: FastifyRequest): Promise<StaffContext> {
  const ctx = await memberContextOf(request);
  const roles = (await repo.rolesOf(ctx.db, ctx.app.uid, ctx.user.uid)) as StaffRole[];
  if (roles.length === 0) throw new AppError('FORBIDDEN');
  return { ...ctx, roles };
}

/** Whether an open order-board stream may go on: its session still live, its user still staff of the place. */
export function streamStillAllowed(ctx: StaffContext, token: string, placeUid: string): Promise<boolean> {
  return repo.staffSessionCoversPlace(ctx.db, ctx.app.uid, hashToken(token), tokenIdleSince(), placeUid);
}

const fieldError = (code: ErrorCode, field: string, ctx: MemberContext) =>
  new AppError(code, { [field]: [errorMessage(code, ctx.language)] });

/** A place this staff member works in, with its role; any other place answers 404. */
export async function placeOf(ctx: StaffContext, placeUid: string, db: Executor = ctx.db) {
  const role = ctx.roles.find((r) => r.placeUids.includes(placeUid));
  const [place] = role ? await repo.placesByUid(db, ctx.app.uid, [placeUid]) : [];
  if (!role || !place || place.companyUid !== role.companyUid) throw new AppError('NOT_FOUND');
  return { place, role };
}

const companyUidsOf = (ctx: StaffContext) => ctx.roles.map((r) => r.companyUid);

export async function listPlaces(ctx: StaffContext): Promise<RetailPlace[]> {
  const places = await repo.placesByUid(
    ctx.db,
    ctx.app.uid,
    ctx.roles.flatMap((r) => r.placeUids),
  );
  const withProgram = new Set(
    (await repo.programsOfCompanies(ctx.db, ctx.app.uid, companyUidsOf(ctx))).map((p) => p.companyUid),
  );
  return places.flatMap((place) => {
    const role = ctx.roles.find((r) => r.companyUid === place.companyUid && r.placeUids.includes(place.uid));
    if (!role) return [];
    return [
      {
        uid: place.uid,
        name: place.name,
        address: place.address,
        company: { uid: role.companyUid, name: role.companyName },
        role: role.role,
        has_program: withProgram.has(place.companyUid),
      },
    ];
  });
}

// ---------------------------------------------------------------- customers

/** The member QR text of POST v5/me/programs/{uid}/qr/ (`MEMBER:<membership uid>`), or a bare uid. */
function membershipUidOfQr(value: string): string | null {
  const uid = value.trim().replace(/^MEMBER:/i, '');
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(uid)
    ? uid.toLowerCase()
    : null;
}

function lookupOf(searchType: string, value: string): repo.CustomerLookup | null {
  if (searchType === 'QR') {
    const membershipUid = membershipUidOfQr(value);
    return membershipUid ? { by: 'membership', membershipUid } : null;
  }
  if (searchType === 'MOBILE_PHONE') {
    const compact = value.replace(/[\s()-]/g, '');
    if (!/^\+?\d{6,15}$/.test(compact)) return null;
    return compact.startsWith('+')
      ? { by: 'mobile', exact: compact, digits: '' }
      : { by: 'mobile', exact: '', digits: compact };
  }
  return { by: 'document', documentType: searchType, documentNumber: value.trim().toUpperCase() };
}

/** The promotions a member can use now in one program: valid, in stock, at their level, under the limit. */
async function usablePromotions(db: Executor, membership: MembershipRow, programUid: string, now: Date) {
  const { rows } = await listPromotions(
    db,
    programUid,
    membership.uid,
    { ordering: '-rate_discount' },
    { limit: 100, offset: 0 },
    now,
  );
  const { level } = levelProgress(await levelsOf(db, [programUid]), membership.totalPoints);
  return rows.filter(
    (p) =>
      (p.stock === null || p.stock > 0) &&
      (p.perMemberLimit === null || p.timesUsed < p.perMemberLimit) &&
      (p.levelUids.length === 0 || (level !== null && p.levelUids.includes(level.uid))),
  );
}

async function customerDto(db: Executor, user: repo.UserRow, programs: repo.ProgramRow[]): Promise<Customer> {
  const now = new Date();
  const rows = await repo.membershipsOf(
    db,
    user.uid,
    programs.map((p) => p.uid),
  );
  const promotions: Customer['promotions'] = [];
  for (const { membership, program } of rows) {
    // Bought in the app first: redeeming one consumes its code without charging again.
    const acquired = await listAcquired(db, membership.uid);
    for (const p of acquired) promotions.push({ ...toPromotionDto(p, p.timesUsed), acquired: p.acquired });
    for (const p of await usablePromotions(db, membership, program.uid, now))
      if (!acquired.some((a) => a.uid === p.uid))
        promotions.push({ ...toPromotionDto(p, p.timesUsed), acquired: 0 });
  }
  return {
    uid: user.uid,
    first_name: user.firstName,
    last_name: user.lastName,
    document_type: user.documentType,
    document_number: user.documentNumber,
    email: user.email,
    mobile_number: user.mobileNumber,
    memberships: rows.map(({ membership, program }) => membershipDto(membership, program)),
    promotions,
  };
}

function membershipDto(membership: MembershipRow, program: repo.ProgramRow) {
  return {
    uid: membership.uid,
    program: {
      uid: program.uid,
      name: program.name,
      company: program.companyUid,
      stamps_required: program.stampsRequired,
      allows_manual_points: program.allowsManualPoints,
    },
    coins: membership.coins,
    points: membership.totalPoints,
    stamps: membership.stamps,
  };
}

/**
 * GET customers/: members of the staff member's companies found by document, phone or member QR.
 * Nobody found answers 404; a phone shared by several members asks for the document (400).
 */
export async function searchCustomers(ctx: StaffContext, searchType: string, value: string) {
  const programs = await repo.programsOfCompanies(ctx.db, ctx.app.uid, companyUidsOf(ctx));
  const lookup = lookupOf(searchType, value);
  const found = lookup
    ? await repo.findCustomers(
        ctx.db,
        ctx.app.uid,
        programs.map((p) => p.uid),
        lookup,
      )
    : [];
  if (found.length === 0) throw new AppError('CUSTOMER_NOT_FOUND');
  if (found.length > 1) throw new AppError('MULTIPLE_USERS_FOR_PHONE');
  const results = await Promise.all(found.map((user) => customerDto(ctx.db, user, programs)));
  return { count: results.length, results };
}

/** A member of the app with a membership in this program; anyone else is not this staff's customer. */
async function customerIn(ctx: StaffContext, tx: Executor, memberUid: string, program: repo.ProgramRow) {
  const member = await repo.findMember(tx, ctx.app.uid, memberUid);
  const membership = member ? await findMembership(tx, member.uid, program.uid) : null;
  if (!member || !membership) throw new AppError('CUSTOMER_NOT_FOUND');
  return member;
}

/** A program of the place's company; another company's program answers 404. */
async function programAt(ctx: StaffContext, tx: Executor, companyUid: string, programUid: string) {
  const programs = await repo.programsOfCompanies(tx, ctx.app.uid, [companyUid]);
  const program = programs.find((p) => p.uid === programUid);
  if (!program) throw new AppError('NOT_FOUND');
  return program;
}

// ---------------------------------------------------------------- redemptions, stamps, points

/** POST redemptions/: by member and promotion, or by a promotion code (`PROMO:<code>` or the code). */
export async function redeem(
  ctx: StaffContext,
  tx: Transaction,
  body: RetailRedeemBody,
): Promise<WriteResult<Redemption>> {
  const { place } = await placeOf(ctx, body.place, tx);
  let memberUid: string;
  let promotionUid: string;
  let program: repo.ProgramRow;
  let redemptionUid: string | undefined;
  if ('code' in body) {
    const code = body.code
      .replace(/^PROMO:/i, '')
      .trim()
      .toUpperCase();
    const found = await repo.findRedemptionByCode(tx, ctx.app.uid, code);
    if (!found || found.program.companyUid !== place.companyUid) throw new AppError('CODE_NOT_FOUND');
    redemptionUid = found.redemption.uid;
    memberUid = found.userUid;
    promotionUid = found.promotionUid;
    program = found.program;
  } else {
    const promotion = await repo.findPromotionOfCompany(tx, ctx.app.uid, place.companyUid, body.promotion);
    if (!promotion) throw new AppError('NOT_FOUND');
    program = promotion.program;
    memberUid = (await customerIn(ctx, tx, body.member, program)).uid;
    promotionUid = promotion.promotion.uid;
    if (promotion.promotion.placeUids.length > 0 && !promotion.promotion.placeUids.includes(place.uid))
      throw new AppError('PROMOTION_NOT_USABLE');
  }
  const redemption = await redeemPromotion(tx, {
    member: { appUid: ctx.app.uid, userUid: memberUid, programUid: program.uid },
    promotionUid,
    placeUid: place.uid,
    staffUid: ctx.user.uid,
    redemptionUid,
  });
  await repo.insertAudit(tx, {
    appUid: ctx.app.uid,
    companyUid: place.companyUid,
    placeUid: place.uid,
    staffUserUid: ctx.user.uid,
    action: 'REDEEM',
    memberUserUid: memberUid,
    subjectType: 'redemption',
    subjectId: redemption.uid,
    details: { promotion: promotionUid, code: redemption.code, by_code: 'code' in body },
  });
  return { status: 201, body: redemption };
}

/** POST stamps/: one stamp on the member's card, in the caller's (idempotent) transaction. */
export async function stamp(ctx: StaffContext, tx: Transaction, body: StampBody) {
  const { place } = await placeOf(ctx, body.place, tx);
  const program = await programAt(ctx, tx, place.companyUid, body.program);
  const member = await customerIn(ctx, tx, body.member, program);
  const { membership, rewardUnlocked } = await addStamp(
    tx,
    { appUid: ctx.app.uid, userUid: member.uid, programUid: program.uid },
    ctx.user.uid,
    { type: 'place', id: place.uid },
  );
  await repo.insertAudit(tx, {
    appUid: ctx.app.uid,
    companyUid: place.companyUid,
    placeUid: place.uid,
    staffUserUid: ctx.user.uid,
    action: 'STAMP',
    memberUserUid: member.uid,
    subjectType: 'program',
    subjectId: program.uid,
    details: { reward_unlocked: rewardUnlocked },
  });
  return { status: 201, body: { ...membershipDto(membership, program), reward_unlocked: rewardUnlocked } };
}

/** POST points/: amount above 0 and a description (spec §5), where the program allows it (spec §6). */
export async function givePoints(ctx: StaffContext, tx: Transaction, body: PointsBody) {
  const fields: Record<string, string[]> = {};
  if (!(body.amount > 0)) fields.amount = [errorMessage('POINTS_AMOUNT_INVALID', ctx.language)];
  if (!body.description) fields.description = [errorMessage('POINTS_DESCRIPTION_REQUIRED', ctx.language)];
  if (Object.keys(fields).length > 0) throw new AppError('POINTS_ERROR', fields);
  const { place } = await placeOf(ctx, body.place, tx);
  const program = await programAt(ctx, tx, place.companyUid, body.program);
  const member = await customerIn(ctx, tx, body.member, program);
  const membership = await addPoints(
    tx,
    { appUid: ctx.app.uid, userUid: member.uid, programUid: program.uid },
    { amount: body.amount, description: body.description },
    ctx.user.uid,
  );
  await repo.insertAudit(tx, {
    appUid: ctx.app.uid,
    companyUid: place.companyUid,
    placeUid: place.uid,
    staffUserUid: ctx.user.uid,
    action: 'ADD_POINTS',
    memberUserUid: member.uid,
    subjectType: 'program',
    subjectId: program.uid,
    details: { amount: body.amount, description: body.description },
  });
  return { status: 201, body: membershipDto(membership, program) };
}

// ---------------------------------------------------------------- users

function normaliseDocument(ctx: StaffContext, type: DocumentType, number: string): string {
  const value = number.trim().toUpperCase();
  if (type === 'NATIONAL_ID' && validateValue(value, ['dni']) !== null)
    throw fieldError('INVALID_DNI', 'document_number', ctx);
  return value;
}

function normaliseMobile(ctx: StaffContext, number: string): string {
  const compact = number.replace(/[\s()-]/g, '');
  const full = compact.startsWith('+') ? compact : `+51${compact}`;
  if (!/^\+\d{7,15}$/.test(full)) throw fieldError('INVALID_TELEPHONE', 'mobile_number', ctx);
  return full;
}

/**
 * POST users/: a member created at the counter, enrolled in the benefits program of the place's
 * company (which must have one), and sent a welcome mail with a link to set their password (`origin`
 * is the storefront the links point to).
 */
export async function createUser(ctx: StaffContext, body: CreateUserBody, origin: string): Promise<Customer> {
  const { place } = await placeOf(ctx, body.place);
  const programs = await repo.programsOfCompanies(ctx.db, ctx.app.uid, [place.companyUid]);
  const program = programs[0];
  if (!program) throw new AppError('CREATE_USER_NEEDS_PROGRAM');
  const email = body.email.toLowerCase();
  const documentNumber = normaliseDocument(ctx, body.document_type, body.document_number);
  const mobile = body.mobile_number ? normaliseMobile(ctx, body.mobile_number) : null;
  if (await findUserByEmail(ctx.db, ctx.app.uid, email)) throw fieldError('EMAIL_TAKEN', 'email', ctx);
  if (await findUserByDocument(ctx.db, ctx.app.uid, body.document_type, documentNumber))
    throw fieldError('DOCUMENT_TAKEN', 'document_number', ctx);
  if (mobile && (await findUserByMobile(ctx.db, ctx.app.uid, mobile)))
    throw fieldError('MOBILE_TAKEN', 'mobile_number', ctx);
  try {
    return await ctx.db.transaction(async (tx) => {
      const user = await insertUser(tx, {
        appUid: ctx.app.uid,
        email,
        documentType: body.document_type,
        documentNumber,
        firstName: body.first_name,
        lastName: body.last_name,
        mobileNumber: mobile,
        countryCodeNumber: mobile?.startsWith('+51') ? '+51' : null,
        language: ctx.language,
      });
      await ensureMembership(tx, { appUid: ctx.app.uid, userUid: user.uid, programUid: program.uid });
      await sendWelcomeLink(tx, ctx, user, origin);
      await repo.insertAudit(tx, {
        appUid: ctx.app.uid,
        companyUid: place.companyUid,
        placeUid: place.uid,
        staffUserUid: ctx.user.uid,
        action: 'CREATE_USER',
        memberUserUid: user.uid,
        subjectType: 'user',
        subjectId: user.uid,
        details: { program: program.uid },
      });
      return customerDto(tx, user, programs);
    });
  } catch (error) {
    // A concurrent sign-up with the same identity: the unique index wins; answer as the pre-checks do.
    const pgCode = (error as { code?: string; cause?: { code?: string } }).cause?.code;
    if (pgCode === '23505' || (error as { code?: string }).code === '23505')
      throw fieldError('EMAIL_TAKEN', 'email', ctx);
    throw error;
  }
}

// ---------------------------------------------------------------- redemption records

/** GET redemptions/: one place and one day are required (spec §5). */
export async function redemptionRecords(
  ctx: StaffContext,
  query: { place?: string; date?: string },
  slice: PageRequest | null,
): Promise<{ count: number; results: RetailRedemption[]; timeZone: string }> {
  if (!query.place || !query.date || Number.isNaN(Date.parse(`${query.date}T00:00:00Z`)))
    throw new AppError('RECORDS_FILTER_REQUIRED');
  const { place } = await placeOf(ctx, query.place);
  const timeZone = await repo.placeTimeZone(ctx.db, place.uid);
  const { count, rows } = await repo.listPlaceRedemptions(
    ctx.db,
    place.uid,
    { date: query.date, timeZone },
    slice,
  );
  return {
    count,
    timeZone,
    results: rows.map((row) => ({
      uid: row.redemption.uid,
      code: row.redemption.code,
      redeemed_at: (row.redemption.redeemedAt ?? row.redemption.createdAt).toISOString(),
      place: { uid: place.uid, name: row.placeName },
      promotion: {
        uid: row.promotion.uid,
        title: row.promotion.title,
        rate_discount: row.promotion.rateDiscount,
      },
      coins_spent: row.redemption.coinsSpent,
      member: {
        uid: row.member.uid,
        full_name: `${row.member.firstName} ${row.member.lastName}`.trim(),
        document_type: row.member.documentType,
        document_number: row.member.documentNumber,
      },
      staff: row.staffEmail,
    })),
  };
}

// ---------------------------------------------------------------- order board

async function orderDto(db: Executor, appUid: string, row: Parameters<typeof toOrderDto>[0]) {
  const names = await placeNames(db, appUid, [row.placeUid]);
  return orderWithPayment(db, row, names.get(row.placeUid) ?? '', await listHistory(db, row.uid));
}

export async function listOrders(
  ctx: StaffContext,
  query: { place: string; status?: OrderStatus },
  slice: PageRequest,
) {
  const { place } = await placeOf(ctx, query.place);
  const { count, rows } = await repo.listPlaceOrders(ctx.db, ctx.app.uid, place.uid, query.status, slice);
  return { count, results: await ordersWithPayments(ctx.db, rows, new Map([[place.uid, place.name]])) };
}

/** PATCH orders/{uid}/: along the state machine only; an order of another place answers 404. */
export function moveOrder(ctx: StaffContext, orderUid: string, status: OrderStatus): Promise<Order> {
  return ctx.db.transaction(async (tx) => {
    const found = await repo.orderPlace(tx, ctx.app.uid, orderUid);
    // An unpaid order is not the board's: a transfer is confirmed through its payment (payments module).
    if (!found || (repo.UNPAID_STATUSES as readonly string[]).includes(found.status))
      throw new AppError('NOT_FOUND');
    const { place } = await placeOf(ctx, found.placeUid, tx);
    const before = await transitionOrder(tx, { appUid: ctx.app.uid }, orderUid, status, {
      userUid: ctx.user.uid,
      role: 'STAFF',
    });
    await repo.insertAudit(tx, {
      appUid: ctx.app.uid,
      companyUid: place.companyUid,
      placeUid: place.uid,
      staffUserUid: ctx.user.uid,
      action: 'ORDER_STATUS',
      memberUserUid: found.userUid,
      subjectType: 'order',
      subjectId: orderUid,
      details: { status },
    });
    return orderDto(tx, ctx.app.uid, before);
  });
}

/** One order as the board shows it, if it belongs to this app (used by the live stream). */
export async function boardOrder(ctx: StaffContext, orderUid: string): Promise<Order | null> {
  const row = await repo.findOrderOfApp(ctx.db, ctx.app.uid, orderUid);
  return row ? orderDto(ctx.db, ctx.app.uid, row) : null;
}
