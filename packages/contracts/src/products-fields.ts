import { z } from 'zod';
import { commissionRate } from './user-fields.js';

/** A rate as a fraction 0 … 1 with at most six decimals (0.001 = 0.1 %): the same rule as commission rates. */
export const productRate = commissionRate;
/** A positive price or amount per lot with at most four decimals. */
export const productPrice = z
  .union([z.string(), z.number()])
  .transform((v) => String(v).trim())
  .pipe(z.string().regex(/^\d{1,14}(\.\d{1,4})?$/, { message: 'invalid_price' }));
