/**
 * What a sale carries beyond the money, read as Braintree reads it (Transaction: Sale; issue 34):
 * `descriptor: { name, phone, url }`, `billing: { first_name, last_name }`, `risk_data: {
 * customer_ip }`. The descriptor is held to Braintree's rules ("Descriptors"; its validation errors
 * 92201, 92202, 92206): `name` is `company*product`, the company part 3, 7 or 12 characters, 22 in
 * all, of letters, digits, spaces and periods; `phone` 10 to 14 of digits, dashes, parentheses and
 * periods; `url` at most 13 letters, digits and periods. What is kept is the sale's `sent`.
 */
import type { ChargeSent } from '../store/repo.ts';

type Body = Record<string, unknown>;
const obj = (v: unknown): Body => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Body) : {});
const str = (v: unknown) => (typeof v === 'string' && v.length > 0 ? v : undefined);

const NAME = /^(?:[A-Za-z0-9 .]{3}|[A-Za-z0-9 .]{7}|[A-Za-z0-9 .]{12})\*[A-Za-z0-9 .]+$/;
const PHONE = /^[0-9().-]{10,14}$/;
const URL_TEXT = /^[A-Za-z0-9.]{1,13}$/;

/** Braintree's refusal of a descriptor field: its code, the attribute and its message. */
export interface DescriptorError {
  code: string;
  attribute: string;
  message: string;
}

/** The descriptor, names and buyer IP of a sale request, or Braintree's validation error for the descriptor. */
export function saleExtras(transaction: Body): ChargeSent | DescriptorError {
  const d = obj(transaction.descriptor);
  const name = str(d.name);
  const phone = str(d.phone) ?? null;
  const url = str(d.url) ?? null;
  if (name !== undefined && (name.length > 22 || !NAME.test(name))) {
    return { code: '92201', attribute: 'name', message: 'Descriptor name format is invalid.' };
  }
  if (phone !== null && !PHONE.test(phone)) return { code: '92202', attribute: 'phone', message: 'Descriptor phone format is invalid.' };
  if (url !== null && !URL_TEXT.test(url)) return { code: '92206', attribute: 'url', message: 'Descriptor url format is invalid.' };
  const billing = obj(transaction.billing);
  return {
    descriptor: name !== undefined ? { name, phone, url } : null,
    ruleTags: null,
    firstName: str(billing.first_name) ?? null,
    lastName: str(billing.last_name) ?? null,
    buyerIp: str(obj(transaction.risk_data).customer_ip) ?? null,
  };
}

export const isDescriptorError = (x: ChargeSent | DescriptorError): x is DescriptorError => 'code' in x;
