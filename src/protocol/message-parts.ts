/**
 * The pieces every message schema is built from (messages.ts, page-messages.ts): bounded strings,
 * the protocol literal, ids, heights, the card brand and the browser API's error shape.
 */
import * as z from 'zod/mini';
import { cardBrands } from '../vocab/elements.ts';
import { PROTOCOL } from './checks.ts';
import { intIn } from './primitives.ts';

/** A string of at most `n` characters. */
export const str = (n: number) => z.string().check(z.maxLength(n));
export const protocol = z.literal(PROTOCOL);

export const Channel = z.string().check(z.regex(/^[A-Za-z0-9_-]{8,64}$/));
export const RequestId = z.string().check(z.regex(/^[A-Za-z0-9_-]{1,64}$/));
/** CSS pixels of a frame's content. */
export const FrameHeight = intIn(0, 2000);

export const CardBrand = z.enum(cardBrands);
export type CardBrand = z.infer<typeof CardBrand>;

/** The error shape every promise of the browser API resolves with (never rejects). */
export const PaymentError = z.strictObject({
  code: str(64),
  message: str(500),
  declineCode: z.optional(z.nullable(str(64))),
});
export type PaymentError = z.infer<typeof PaymentError>;
