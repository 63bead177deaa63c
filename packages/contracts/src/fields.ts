import { z } from 'zod';

/**
 * Field helpers for bodies that may arrive form-encoded (every value a string), as JSON or as
 * multipart: the same schema accepts `"1"` and `1`, `"true"` and `true`.
 */
const NUMERIC = /^-?\d+(\.\d+)?$/;
/**
 * A number from JSON, or a numeric string from a form. Nothing else is read as a number: an array, an
 * object or a boolean is the wrong type (never its first element, as `z.coerce` would read `[1]`), and
 * an empty form value is "not given".
 */
export const zNumber = <T extends z.ZodType<number, number>>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : NUMERIC.test(v.trim()) ? Number(v) : v) : v), schema);
export const zInt = () => zNumber(z.number().int());
export const zId = () => zNumber(z.number().int().positive());
export const zBool = () =>
  z
    .union([z.boolean(), z.enum(['true', 'false', '1', '0']), z.literal(1), z.literal(0)])
    .transform((v) => v === true || v === 'true' || v === '1' || v === 1);
/** Empty strings from a form are "not given". */
export const optionalText = (max = 255) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((v) => (v === '' ? undefined : v));
/** Comma-joined ids (`"1,2,3"`) or an array of ids. */
export const zIdList = () =>
  z
    .union([z.string(), z.array(z.union([z.string(), z.number()]))])
    .transform((v) =>
      (Array.isArray(v) ? v.map(String) : v.split(','))
        .map((s) => s.trim())
        .filter(Boolean)
        .map(Number),
    )
    .pipe(z.array(z.number().int().positive()).min(1));
export const phone = () =>
  z
    .string()
    .trim()
    .regex(/^1[3-9]\d{9}$/, { message: 'invalid_phone' });

/** Wall-clock `HH:mm` (Asia/Shanghai). */
export const hhmm = z
  .string()
  .trim()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: 'invalid_time' });
/** An end time: `HH:mm` or `24:00`. */
export const hhmmEnd = z
  .string()
  .trim()
  .regex(/^(([01]\d|2[0-3]):[0-5]\d|24:00)$/, { message: 'invalid_time' });
/** A percentage 0–100 with up to 4 decimals (`0.5` = 0.5 %). */
export const percent = z
  .union([z.string(), z.number()])
  .transform((v) => String(v).trim())
  .pipe(z.string().regex(/^\d{1,3}(\.\d{1,4})?$/, { message: 'invalid_percent' }))
  .refine((v) => Number.parseFloat(v) <= 100, { message: 'invalid_percent' });
