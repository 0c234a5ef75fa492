/**
 * Issue 10, Layout: at 390 px the card form's inputs in one row stay level whatever their labels
 * do. "Expiration date" wraps to two lines there, and German and Arabic labels are longer.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, teeOrderWithoutRedirect, test } from '../../fixtures/test.ts';

const localesDir = join(import.meta.dirname, '..', '..', '..', 'src', 'locales');
const read = (file: string) => JSON.parse(readFileSync(join(localesDir, file), 'utf8')) as Record<string, string>;

test.use({ viewport: { width: 390, height: 844 } });

for (const locale of ['en', 'de', 'ar'] as const) {
  test(`at 390 px the expiry, security code and postal inputs share one line (${locale})`, async ({ page, api, merchant, server }) => {
    const [fields, words] = [read(`${locale}.json`), read(`checkout.${locale}.json`)];
    const session = await api.createSession(merchant.keys.secret, { ...teeOrderWithoutRedirect(`${server.demoUrl}/`), locale });
    await page.goto(session.checkoutUrl);
    const frame = page.frameLocator(`iframe[title="${words['checkout.card_details']}"]`);
    const inputs = ['card.expiry.label', 'card.cvc.label', 'card.postal.label'].map((k) => frame.getByLabel(fields[k]!, { exact: true }));
    for (const input of inputs) await expect(input).toBeVisible();
    const boxes = await Promise.all(inputs.map(async (i) => (await i.boundingBox())!));
    // One row: side by side, the same top and height.
    expect(new Set(boxes.map((b) => Math.round(b.y))).size, `input tops: ${boxes.map((b) => b.y).join(', ')}`).toBe(1);
    expect(new Set(boxes.map((b) => Math.round(b.height))).size).toBe(1);
    const labels = await Promise.all(['card.expiry.label', 'card.cvc.label', 'card.postal.label'].map(async (k) => (await frame.getByText(fields[k]!, { exact: true }).boundingBox())!.height));
    test.info().annotations.push({ type: 'label heights', description: labels.join(', ') });
  });
}
