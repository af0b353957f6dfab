import { z } from 'zod';
import { adminUid } from './admin.ts';
import { isValidRuc } from './ruc.ts';

// Electronic receipts for SUNAT (architecture §12; decision 039).

export const E_INVOICING_ENVIRONMENTS = ['BETA', 'PRODUCTION'] as const;

/** How a set secret is answered: never any part of it. */
export const HIDDEN_SECRET = '••••••';

const name = z.string().trim().min(1).max(200);

export const fiscalAddressSchema = z.strictObject({
  /** INEI's district code. */
  ubigeo: z.string().regex(/^\d{6}$/),
  department: z.string().trim().min(1).max(60),
  province: z.string().trim().min(1).max(60),
  district: z.string().trim().min(1).max(60),
  line: z.string().trim().min(1).max(200),
});

/** A place's SUNAT establishment code (`0000` the fiscal address) and its series. */
export const placeReceiptSeriesSchema = z.strictObject({
  uid: adminUid,
  establishment_code: z.string().regex(/^\d{4}$/),
  boleta_series: z.string().regex(/^B\d{3}$/),
  factura_series: z.string().regex(/^F\d{3}$/),
  boleta_note_series: z.string().regex(/^BC\d{2}$/),
  factura_note_series: z.string().regex(/^FC\d{2}$/),
});

/**
 * PUT .../e-invoicing/ (owners). A secret left out (or null) keeps the stored one. The certificate is the
 * PKCS#12 file in base64 with its password; `places` left out keeps the stored series.
 */
export const adminEInvoicingBodySchema = z.strictObject({
  enabled: z.boolean(),
  environment: z.enum(E_INVOICING_ENVIRONMENTS),
  ruc: z
    .string()
    .regex(/^\d{11}$/)
    .nullable(),
  legal_name: name.nullable(),
  trade_name: name.nullable().optional(),
  address: fiscalAddressSchema.nullable(),
  /** 18, or the restaurants' reduced rate (10.5 in 2026). */
  igv_percent: z.string().regex(/^\d{1,2}(\.\d{1,2})?$/),
  sol_user: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]{1,20}$/)
    .nullable(),
  sol_password: z.string().min(1).max(100).nullable().optional(),
  certificate: z
    .string()
    .max(200_000)
    .regex(/^[A-Za-z0-9+/]+={0,2}$/)
    .nullable()
    .optional(),
  certificate_password: z.string().min(1).max(200).nullable().optional(),
  places: z.array(placeReceiptSeriesSchema).max(200).optional(),
});
export type AdminEInvoicingBody = z.infer<typeof adminEInvoicingBodySchema>;

export const adminEInvoicingSchema = z.object({
  enabled: z.boolean(),
  environment: z.enum(E_INVOICING_ENVIRONMENTS),
  ruc: z.string().nullable(),
  legal_name: z.string().nullable(),
  trade_name: z.string().nullable(),
  address: fiscalAddressSchema.nullable(),
  igv_percent: z.string(),
  sol_user: z.string().nullable(),
  /** HIDDEN_SECRET when set, else null. */
  sol_password: z.string().nullable(),
  /** What the stored certificate says (its bytes and password are never answered). */
  certificate: z.object({ subject: z.string(), not_after: z.string(), expires_soon: z.boolean() }).nullable(),
  certificate_password: z.string().nullable(),
  /** Every place of the company, with null codes until they are set. */
  places: z.array(
    z.object({
      uid: z.string(),
      name: z.string(),
      establishment_code: z.string().nullable(),
      boleta_series: z.string().nullable(),
      factura_series: z.string().nullable(),
      boleta_note_series: z.string().nullable(),
      factura_note_series: z.string().nullable(),
    }),
  ),
  warnings: z.array(z.string()),
  version: z.number().int(),
});
export type AdminEInvoicing = z.infer<typeof adminEInvoicingSchema>;

/** Catalogue 06's documents a receipt may name. */
export const RECEIPT_DOCUMENT_TYPES = ['DNI', 'CE', 'RUC', 'PASSPORT'] as const;

/**
 * The order body's `receipt` (architecture §12): a boleta by default; a factura needs a RUC with its check
 * digit, the legal name and the fiscal address. A boleta's document, when given, is its buyer's.
 */
export const orderReceiptSchema = z
  .strictObject({
    type: z.enum(['BOLETA', 'FACTURA']),
    document_type: z.enum(RECEIPT_DOCUMENT_TYPES).optional(),
    document_number: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9-]{1,15}$/)
      .optional(),
    legal_name: z.string().trim().min(1).max(200).optional(),
    address: z.string().trim().min(1).max(300).optional(),
  })
  .superRefine((receipt, ctx) => {
    if (receipt.document_type && !receipt.document_number)
      ctx.addIssue({ code: 'custom', path: ['document_number'], message: 'Este campo es requerido.' });
    if (receipt.type !== 'FACTURA') return;
    if (receipt.document_type !== 'RUC')
      ctx.addIssue({ code: 'custom', path: ['document_type'], message: 'Una factura requiere RUC.' });
    else if (receipt.document_number && !isValidRuc(receipt.document_number))
      ctx.addIssue({ code: 'custom', path: ['document_number'], message: 'El RUC no es válido.' });
    for (const field of ['legal_name', 'address'] as const)
      if (!receipt[field])
        ctx.addIssue({ code: 'custom', path: [field], message: 'Este campo es requerido.' });
  });
export type OrderReceipt = z.infer<typeof orderReceiptSchema>;
