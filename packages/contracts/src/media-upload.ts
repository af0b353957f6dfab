import { z } from 'zod';

/** `POST /api/admin/companies/{company_uid}/images/` answers 201 with this. */
export const uploadedImageSchema = z.object({
  uid: z.string(),
  /** Width in pixels (as text) → address of that WebP file. */
  urls: z.record(z.string(), z.string()),
  /** The uploaded picture's own size, upright. */
  width: z.number().int(),
  height: z.number().int(),
});
export type UploadedImage = z.infer<typeof uploadedImageSchema>;
