/**
 * What a group (embed/group.ts), its elements (element.ts) and its controller (controller.ts)
 * share at run time: how long a frame may take to say ready, and how a failed confirmPayment or
 * createToken reads. A module of its own, so none of them imports another for it.
 */
import type { ConfirmPaymentResult, CreateTokenResult } from './loader/types.js';

/** How long a frame may take to say ready (the controller, or a mounted element's frame). */
export const READY_WAIT_MS = 15_000;

export type Kind = 'payment' | 'token';
export type Results = { payment: ConfirmPaymentResult; token: CreateTokenResult };

/** A failed confirmPayment or createToken, as the merchant reads it. */
export const failure = <K extends Kind>(kind: K, sessionId: string, code: string, message: string): Results[K] =>
  (kind === 'token' ? { error: { code, message } } : { status: 'failed', sessionId, error: { code, message } }) as Results[K];
