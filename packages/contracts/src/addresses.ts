import { z } from 'zod';

// A member's saved delivery addresses (architecture §11): GET/POST v5/me/addresses/, PATCH/DELETE
// v5/me/addresses/{uid}/. The checkout offers them and the profile edits them.

const required = (max: number) => z.string().trim().min(1).max(max);

const addressFields = {
  /** The member's name for it: "Casa", "Oficina". */
  label: required(40),
  /** The delivery area, as the checkout's district choice names it. */
  district: required(100),
  address: required(300),
  reference: z.string().trim().max(300).default(''),
  /** The map point, both or neither (MAP_POINT_INCOMPLETE); null removes it. */
  latitude: z.number().min(-90).max(90).nullable().optional(),
  longitude: z.number().min(-180).max(180).nullable().optional(),
};

export const savedAddressBodySchema = z.strictObject(addressFields);
export type SavedAddressBody = z.infer<typeof savedAddressBodySchema>;

/** PATCH: any of the fields; the ones left out keep their values. */
export const savedAddressPatchSchema = z.strictObject({
  ...addressFields,
  label: addressFields.label.optional(),
  district: addressFields.district.optional(),
  address: addressFields.address.optional(),
  reference: z.string().trim().max(300).optional(),
});
export type SavedAddressPatch = z.infer<typeof savedAddressPatchSchema>;

export const savedAddressSchema = z.object({
  uid: z.string(),
  label: z.string(),
  district: z.string(),
  address: z.string(),
  reference: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type SavedAddress = z.infer<typeof savedAddressSchema>;

/** The member's addresses, last edited first (at most MAX_SAVED_ADDRESSES: no pages). */
export const savedAddressesSchema = z.object({ results: z.array(savedAddressSchema) });
export type SavedAddresses = z.infer<typeof savedAddressesSchema>;
