/**
 * The merchant accounts of the stand-in's sandbox gateway, as Braintree's `GET
 * /merchants/{merchant id}/merchant_accounts?page=N` lists a gateway's (the `braintree` SDK's
 * `merchantAccount.all()`): a `merchant-accounts` collection with `current-page-number`,
 * `page-size` and `total-items`, each `merchant-account` with its `id`, `currency-iso-code`,
 * `status` and `default`. Registered by app.ts behind its Basic auth and fault door (a `lookup`).
 *
 * A merchant account charges in one currency (sales.ts `accountOf`): the gateway's default is its
 * bare id, in USD, and takes a sale naming no account, as Braintree's default does; beside it,
 * `<gateway>_<currency>` (`accountName`) in USD, EUR and GBP, and a suspended one in JPY, which
 * takes no sale. Two a page, so a client reading only the first page misses some.
 */
import type { Context, Hono } from 'hono';
import { accountName } from './sales.ts';
import { element } from './xml.ts';

/** The gateway's accounts in list order (the default is not first, as Braintree promises no order). */
export const gatewayAccounts = (gatewayId: string) => [
  { id: accountName(gatewayId, 'USD'), currencyIsoCode: 'USD', status: 'active', default: false },
  { id: accountName(gatewayId, 'EUR'), currencyIsoCode: 'EUR', status: 'active', default: false },
  { id: gatewayId, currencyIsoCode: 'USD', status: 'active', default: true },
  { id: accountName(gatewayId, 'JPY'), currencyIsoCode: 'JPY', status: 'suspended', default: false },
  { id: accountName(gatewayId, 'GBP'), currencyIsoCode: 'GBP', status: 'active', default: false },
];

/** Whether a sale may go to this account of the gateway: not a suspended one. */
export const suspendedAccount = (gatewayId: string, account: string) => gatewayAccounts(gatewayId).some((a) => a.id === account && a.status === 'suspended');

const PAGE_SIZE = 2;

export function merchantAccountRoutes(app: Hono, base: string, gatewayId: string) {
  app.get(`${base}/merchant_accounts`, (c: Context) => {
    const all = gatewayAccounts(gatewayId);
    const page = Math.max(1, Number.parseInt(c.req.query('page') ?? '1', 10) || 1);
    const shown = all.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);
    const head = [element('currentPageNumber', page), element('pageSize', PAGE_SIZE), element('totalItems', all.length)];
    const collection = `<merchant-accounts type="collection">${head.join('')}${shown.map((a) => element('merchantAccount', a)).join('')}</merchant-accounts>`;
    return c.body(`<?xml version="1.0" encoding="UTF-8"?>\n${collection}\n`, 200, { 'Content-Type': 'application/xml; charset=utf-8' });
  });
}
