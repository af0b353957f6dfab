import type {
  SavedAddress,
  SavedAddressBody,
  SavedAddresses,
  SavedAddressPatch,
} from '@storefront/contracts/addresses';
import { MAX_SAVED_ADDRESSES } from '@storefront/contracts/constants';
import { AppError, errorMessage } from '@storefront/contracts/errors';
import type { MemberContext } from '../../lib/request-context.ts';
import * as repo from './addresses.repository.ts';

const ownerOf = (ctx: MemberContext) => ({ appUid: ctx.app.uid, userUid: ctx.user.uid });

function toAddressDto(row: repo.SavedAddressRow): SavedAddress {
  return {
    uid: row.uid,
    label: row.label,
    district: row.district,
    address: row.address,
    reference: row.reference,
    latitude: row.latitude,
    longitude: row.longitude,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** A map point is both coordinates or none: one alone would put the pin on a line across the globe. */
function checkMapPoint(
  ctx: MemberContext,
  point: { latitude?: number | null | undefined; longitude?: number | null | undefined },
) {
  const given = [point.latitude, point.longitude].map((value) => value !== null && value !== undefined);
  if (given[0] === given[1]) return;
  const message = errorMessage('MAP_POINT_INCOMPLETE', ctx.language);
  throw new AppError('VALIDATION', { [given[0] ? 'longitude' : 'latitude']: [message] });
}

/** GET v5/me/addresses/: the member's addresses in this app, last edited first. */
export async function listAddresses(ctx: MemberContext): Promise<SavedAddresses> {
  const rows = await repo.listAddresses(ctx.db, ownerOf(ctx));
  return { results: rows.map(toAddressDto) };
}

/**
 * POST v5/me/addresses/: saves one more, up to MAX_SAVED_ADDRESSES; the member's row is locked while
 * counting so that concurrent saves cannot pass the limit together.
 */
export async function createAddress(ctx: MemberContext, body: SavedAddressBody): Promise<SavedAddress> {
  checkMapPoint(ctx, body);
  const owner = ownerOf(ctx);
  const row = await ctx.db.transaction(async (tx) => {
    await repo.lockMember(tx, owner);
    if ((await repo.countAddresses(tx, owner)) >= MAX_SAVED_ADDRESSES)
      throw new AppError('ADDRESS_LIMIT_REACHED');
    return repo.insertAddress(tx, owner, {
      ...body,
      latitude: body.latitude ?? null,
      longitude: body.longitude ?? null,
    });
  });
  return toAddressDto(row);
}

/** PATCH v5/me/addresses/{uid}/: another member's (or app's) address is not found. */
export async function updateAddress(
  ctx: MemberContext,
  uid: string,
  patch: SavedAddressPatch,
): Promise<SavedAddress> {
  const owner = ownerOf(ctx);
  const current = await repo.findAddress(ctx.db, owner, uid);
  if (!current) throw new AppError('NOT_FOUND');
  checkMapPoint(ctx, {
    latitude: patch.latitude === undefined ? current.latitude : patch.latitude,
    longitude: patch.longitude === undefined ? current.longitude : patch.longitude,
  });
  const row = await repo.updateAddress(ctx.db, owner, uid, patch);
  if (!row) throw new AppError('NOT_FOUND');
  return toAddressDto(row);
}

/** DELETE v5/me/addresses/{uid}/. */
export async function deleteAddress(ctx: MemberContext, uid: string): Promise<void> {
  if (!(await repo.deleteAddress(ctx.db, ownerOf(ctx), uid))) throw new AppError('NOT_FOUND');
}
