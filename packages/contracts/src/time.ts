import { z } from 'zod';

/**
 * THE schemas of points in time and calendar days (issue 36): every date or time a call takes — list filters,
 * form fields — is read by one of these, so that anything but a real moment is refused naming the field
 * (`reason.invalid_datetime` / `reason.invalid_date`) before it reaches a query. Local times are Asia/Shanghai.
 */
const LOCAL = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/;
const ISO = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:[zZ]|[+-](\d{2}):?(\d{2}))$/;

/** True when the parts name a day and time that exist (no 30 February, no 25:00, no second 60). */
function real(y: string, mo: string, d: string, h = '0', mi = '0', s = '0'): boolean {
  const [Y, M, D, H, Mi, S] = [y, mo, d, h, mi, s].map(Number) as [number, number, number, number, number, number];
  if (Y < 1900 || Y > 2999 || M < 1 || M > 12 || D < 1 || H > 23 || Mi > 59 || S > 59) return false;
  return D <= new Date(Date.UTC(Y, M, 0)).getUTCDate();
}

/**
 * A point in time: an ISO string with offset (`2024-05-01T00:00:00Z`, `…+08:00`), or a local
 * `YYYY-MM-DD[ HH:mm[:ss]]` read in Asia/Shanghai. A date alone means the start of that day, or
 * its end for `end` fields. Output: an ISO string (UTC).
 */
export const zTime = (edge: 'start' | 'end' = 'start') =>
  z
    .string()
    .trim()
    .transform((v, ctx) => {
      const local = LOCAL.exec(v);
      const iso = local ? null : ISO.exec(v);
      const parts = local ?? iso;
      if (
        !parts ||
        !real(parts[1]!, parts[2]!, parts[3]!, parts[4], parts[5], parts[6]) ||
        (iso && (Number(iso[7] ?? 0) > 14 || Number(iso[8] ?? 0) > 59))
      ) {
        ctx.addIssue({ code: 'custom', message: 'invalid_datetime', input: v });
        return z.NEVER;
      }
      const text = local
        ? `${local[1]}-${local[2]}-${local[3]}T${local[4] ? `${local[4]}:${local[5]}:${local[6] ?? '00'}` : edge === 'end' ? '23:59:59.999' : '00:00:00'}+08:00`
        : v;
      return new Date(text).toISOString();
    });

const blank = (v: unknown) => (v === '' || v === null ? undefined : v);
/** An optional filter bound: '' and null count as "not given". */
export const optionalTime = (edge: 'start' | 'end' = 'start') =>
  z.preprocess(blank, zTime(edge).optional()) as unknown as z.ZodOptional<ReturnType<typeof zTime>>;

/** A calendar day `YYYY-MM-DD` that exists. */
export const zDay = () =>
  z
    .string()
    .trim()
    .refine(
      (v) => {
        const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
        return !!m && real(m[1]!, m[2]!, m[3]!);
      },
      { message: 'invalid_date' },
    );
