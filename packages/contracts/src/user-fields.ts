import { z } from 'zod';
import { money } from './envelope.js';
import { zNumber } from './fields.js';

/**
 * Field helpers of the users / agents / cash / app contracts: optional form fields, enumerated integers,
 * points in time, amounts, rates, passwords, uploads, ID and card numbers. They began in users.ts and
 * are kept apart from it because most contracts (agents, funds, trading, products, content…) build on
 * them without needing anything of the users contract itself.
 */

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
/** An optional form field: '' and null count as "not given". */
export const optionalField = <T extends z.ZodType>(s: T) => z.preprocess(blankToUndefined, s.optional()) as unknown as z.ZodOptional<T>;

/** An integer that must be one of `values` (form strings accepted). */
export const zIntIn = <T extends number>(values: readonly T[]) =>
  zNumber(
    z
      .number()
      .int()
      .refine((v): v is T => (values as readonly number[]).includes(v), { message: 'invalid_value' }),
  ) as unknown as z.ZodType<T, unknown>;

/** 0 or a positive id: 0 clears a reference (no agent, no tier). */
export const zIdOrZero = () => zNumber(z.number().int().min(0));

/** A positive amount with at most two decimals (a decimal string on the wire). */
export const positiveMoney = money.refine((v) => /[1-9]/.test(v) && !v.startsWith('-'), { message: 'invalid_amount' });
/** A non-negative amount with at most two decimals. */
export const nonNegativeMoney = money.refine((v) => !v.startsWith('-'), { message: 'invalid_amount' });
/** A commission rate as a fraction 0…1 with at most six decimals (0.3 = 30 %). */
export const commissionRate = z
  .union([z.string(), z.number()])
  .transform((v) => String(v).trim())
  .pipe(z.string().regex(/^(0(\.\d{1,6})?|1(\.0{1,6})?)$/, { message: 'invalid_rate' }));

export const userPassword = () => z.string().min(6).max(64);

/** Image uploads (ID photos): JPEG, PNG, GIF or WebP, sniffed from the bytes, at most 5 MB. */
export const USER_UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
export const userUploadedFile = z.object({
  filename: z.string().max(255),
  mimetype: z.string().max(128),
  data: z.custom<Uint8Array>((v) => v instanceof Uint8Array, { message: 'invalid_upload' }),
});
/** ID numbers: 18 characters (mainland resident ID, last may be X) or 15 digits (old cards). */
export const idCardNumber = () =>
  z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^(\d{17}[\dX]|\d{15})$/, { message: 'invalid_id_number' });
export const bankCardNo = () =>
  z
    .string()
    .transform((v) => v.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^\d{12,19}$/, { message: 'invalid_card_no' }));
