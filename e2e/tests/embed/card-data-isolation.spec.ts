import { existsSync } from 'node:fs';
import { approvedNumberForms, cards } from '../../fixtures/cards.ts';
import { databaseTexts, occurrences, recordedMessages, recordPageMessages, serverLogs, storeFiles } from '../../fixtures/leaks.ts';
import { expect, test } from '../../fixtures/test.ts';
import { ShopPage } from '../../models/shop-page.ts';

test('the card number reaches neither the shop page, nor the server log, nor the database', async ({ page, api, server }) => {
  await recordPageMessages(page);
  // What the shop page itself sends (its own requests, not its frames').
  const pageRequests: string[] = [];
  page.on('request', (request) => {
    if (request.frame() === page.mainFrame()) pageRequests.push(`${request.method()} ${request.url()}\n${request.postData() ?? ''}`);
  });

  const shop = new ShopPage(page, server.demoUrl);
  await shop.open();
  await shop.startOnPageCheckout();
  await shop.card.fill(cards.approved);
  // The number does exist in the browser, inside svcpay's frame: the searches below could find it.
  await expect(shop.card.number).toHaveValue(/4242/);
  await shop.payButton.click();
  await expect(shop.result).toContainText('Payment succeeded');
  const sessionId = await shop.sessionId();
  expect((await api.getSession(server.secretKey, sessionId)).status).toBe('succeeded');

  const messages = await recordedMessages(page);
  const dom = await page.evaluate(() => document.documentElement.outerHTML);

  // The recorder works and svcpay did talk to the page, so an empty result means something.
  expect(messages.some((m) => m.includes('svcpay/1')), `messages seen by the shop page:\n${messages.join('\n')}`).toBe(true);

  expect(occurrences(messages.join('\n'), approvedNumberForms), 'card number in a message to the shop page').toEqual([]);
  expect(occurrences(dom, approvedNumberForms), 'card number in the shop page DOM').toEqual([]);
  expect(occurrences(page.url(), approvedNumberForms), 'card number in the shop page URL').toEqual([]);
  expect(occurrences(pageRequests.join('\n'), approvedNumberForms), 'card number in a request the shop page made').toEqual([]);
  // From the moment it served: the start-up banner names the test cards on purpose. The log
  // searched is the live one: it shows this very checkout.
  // On the PostgreSQL setup, every instance's log (the balancer sent this checkout to either).
  const log = serverLogs(server);
  expect(log, 'the server log mentions this session').toContain(sessionId);
  expect(occurrences(log, approvedNumberForms), `card number in the server logs ${server.logs.map((l) => l.file).join(', ')}`).toEqual([]);

  if (server.backend === 'sqlite') expect(existsSync(server.dataFile), `the SQLite file ${server.dataFile} exists`).toBe(true);
  const store = await databaseTexts(server);
  // What is searched holds this checkout (SQLite: in the database or its write-ahead log; PostgreSQL: a row).
  expect(store.some((file) => file.text.includes(sessionId)), `the ${server.backend} database holds this session`).toBe(true);
  // The sandbox processor keeps its own database apart from the service's: brand and last four only.
  const processorStore = storeFiles(server.processorDataFile);
  expect(processorStore.length, 'the sandbox processor database exists').toBeGreaterThan(0);
  expect(processorStore.some((file) => file.text.includes(approvedNumberForms[0]!.slice(-4))), 'the processor kept the last four').toBe(true);
  for (const file of [...store, ...processorStore]) {
    expect(occurrences(file.text, approvedNumberForms), `card number in ${file.path}`).toEqual([]);
  }
});
