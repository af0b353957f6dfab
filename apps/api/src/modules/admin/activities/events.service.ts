import { randomUUID } from 'node:crypto';
import type {
  AdminEvent,
  AdminEventCreate,
  AdminEventPatch,
  AdminEventsQuery,
} from '@storefront/contracts/admin-activities';
import { AppError, FIELD_MESSAGES } from '@storefront/contracts/errors';
import type { PageRequest } from '../../../lib/paging.ts';
import { chosenImage } from '../../media/media.service.ts';
import type { AdminContext } from '../access/admin-guard.ts';
import { recordChange } from '../audit/audit.service.ts';
import { announceCatalogueChange } from '../catalogue/catalogue.repository.ts';
import { checkVersion } from '../catalogue/versions.ts';
import * as repo from './activities.repository.ts';

const AUDIT = 'event';
/** Times are stored as HH:MM:SS; the API answers HH:MM. */
const clock = (value: string | null) => value?.slice(0, 5) ?? null;

function toEvent(row: repo.EventRow): AdminEvent {
  return {
    uid: row.uid,
    title: row.title,
    description: row.description,
    image_uid: row.imageUid,
    image: row.image,
    start_date: row.startDate,
    start_time: clock(row.startTime),
    end_date: row.endDate,
    end_time: clock(row.endTime),
    location: row.location,
    link: row.link,
    is_active: row.isActive,
    version: row.version,
  };
}

const audited = ({ uid: _, image: __, version: ___, ...fields }: AdminEvent) => fields;

export async function listEvents(ctx: AdminContext, query: AdminEventsQuery, at: PageRequest) {
  const { rows, count } = await repo.listEvents(ctx.db, ctx.company.uid, query, at);
  return { count, results: rows.map(toEvent) };
}

export async function getEvent(ctx: AdminContext, uid: string): Promise<AdminEvent> {
  const row = await repo.findEvent(ctx.db, ctx.company.uid, uid);
  if (!row) throw new AppError('NOT_FOUND');
  return toEvent(row);
}

/** The end comes after the start: a later day, or a later time on the same day. */
function checkEvent(ctx: AdminContext, event: AdminEvent) {
  const end = event.end_date ?? event.start_date;
  const ends = `${end} ${event.end_time ?? '99:99'}`;
  const starts = `${event.start_date} ${event.start_time ?? '00:00'}`;
  const field = event.end_date && event.end_date < event.start_date ? 'end_date' : 'end_time';
  if (ends <= starts || (event.end_date && event.end_date < event.start_date))
    throw new AppError('VALIDATION', { [field]: [FIELD_MESSAGES.endBeforeStart[ctx.language]] });
}

function columnsOf(body: AdminEventPatch) {
  return {
    ...(body.title !== undefined ? { title: body.title } : {}),
    ...(body.description !== undefined ? { description: body.description } : {}),
    ...(body.image_uid !== undefined ? { imageUid: body.image_uid } : {}),
    ...(body.start_date !== undefined ? { startDate: body.start_date } : {}),
    ...(body.start_time !== undefined ? { startTime: body.start_time } : {}),
    ...(body.end_date !== undefined ? { endDate: body.end_date } : {}),
    ...(body.end_time !== undefined ? { endTime: body.end_time } : {}),
    ...(body.location !== undefined ? { location: body.location } : {}),
    ...(body.link !== undefined ? { link: body.link } : {}),
    ...(body.is_active !== undefined ? { isActive: body.is_active } : {}),
  };
}

/** The event as a body would leave it, to check its dates before anything is written. */
const merged = (before: AdminEvent, body: AdminEventPatch): AdminEvent => ({
  ...before,
  ...Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined)),
});

export function createEvent(ctx: AdminContext, body: AdminEventCreate): Promise<AdminEvent> {
  return ctx.db.transaction(async (tx) => {
    checkEvent(ctx, merged({ start_time: null, end_date: null, end_time: null } as AdminEvent, body));
    const uid = randomUUID();
    await repo.insertEvent(tx, {
      uid,
      companyUid: ctx.company.uid,
      title: body.title,
      startDate: body.start_date,
      ...columnsOf(body),
      ...(await chosenImage(tx, ctx, body.image_uid, null)),
    });
    const created = toEvent((await repo.findEvent(tx, ctx.company.uid, uid)) as repo.EventRow);
    await announceCatalogueChange(tx, ctx.company.appUid, ctx.company.uid);
    await recordChange(tx, ctx, { type: AUDIT, uid }, 'create', null, audited(created));
    return created;
  });
}

export function updateEvent(
  ctx: AdminContext,
  uid: string,
  body: AdminEventPatch,
  ifMatch: number | undefined,
): Promise<AdminEvent> {
  return ctx.db.transaction(async (tx) => {
    const row = await repo.findEvent(tx, ctx.company.uid, uid, true);
    if (!row) throw new AppError('NOT_FOUND');
    const before = toEvent(row);
    checkVersion(ifMatch, before);
    checkEvent(ctx, merged(before, body));
    const changes = { ...columnsOf(body), ...(await chosenImage(tx, ctx, body.image_uid, before.image_uid)) };
    const changed =
      JSON.stringify(audited(merged(before, body))) !== JSON.stringify(audited(before)) || 'image' in changes;
    // A save that changes nothing keeps the version (and writes no audit line).
    if (!changed) return before;
    await repo.updateEvent(tx, uid, changes);
    const after = toEvent((await repo.findEvent(tx, ctx.company.uid, uid)) as repo.EventRow);
    await announceCatalogueChange(tx, ctx.company.appUid, ctx.company.uid);
    await recordChange(tx, ctx, { type: AUDIT, uid }, 'update', audited(before), audited(after));
    return after;
  });
}

export function deleteEvent(ctx: AdminContext, uid: string, ifMatch: number | undefined): Promise<void> {
  return ctx.db.transaction(async (tx) => {
    const row = await repo.findEvent(tx, ctx.company.uid, uid, true);
    if (!row) throw new AppError('NOT_FOUND');
    const before = toEvent(row);
    checkVersion(ifMatch, before);
    await repo.deleteEvent(tx, uid);
    await announceCatalogueChange(tx, ctx.company.appUid, ctx.company.uid);
    await recordChange(tx, ctx, { type: AUDIT, uid }, 'delete', audited(before), null);
  });
}
