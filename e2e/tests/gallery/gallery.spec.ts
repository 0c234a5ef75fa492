/**
 * The designers' gallery (issue 10): the index lists every component state in its themes and
 * languages; every entry it links loads cleanly (no console error, CSP refusals included, and no
 * axe violation, frames analysed with the page; see analysed()); and the main states look as their committed
 * baselines do, in the default and night themes and in Arabic.
 *
 * After a change of look, regenerate the baselines with
 *   node_modules/.bin/playwright test e2e/tests/gallery --update-snapshots
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { slugOf, titleOf } from '../../../demo/gallery/catalogue.ts';
import { expectNoViolations, scanWithEveryFrame } from '../../fixtures/axe.ts';
import { expect, test } from '../../fixtures/test.ts';
import { GalleryPage } from '../../models/gallery-page.ts';

/**
 * The index's component sections (the URL's first segment), one per folder with a states file, as
 * the gallery finds them (demo/gallery/states.ts): a new component is checked without an edit here.
 * The entries are split by them so both workers share the load.
 */
const root = join(import.meta.dirname, '..', '..', '..');
const componentDirs = readdirSync(join(root, 'src', 'components'), { withFileTypes: true })
  .filter((d) => d.isDirectory() && readdirSync(join(root, 'src', 'components', d.name)).some((f) => f.endsWith('.states.ts')))
  .map((d) => d.name);
const components = [...componentDirs.map(slugOf), 'hosted-page'].sort();
/** Section headings, named as the gallery names them ("AddressFields" reads "Address fields"). */
const headings = [...componentDirs.map(titleOf), 'Hosted page'];

/**
 * Anti-aliasing, and nothing more: the comparator skips pixels it detects as anti-aliased, and a
 * pixel counts as changed past the colour distance 0.2; not one changed pixel is allowed (the Pay
 * button's corner radius from 8 to 4 px changes 4 such pixels, which any ratio would let by).
 */
const screenshot = { animations: 'disabled', caret: 'hide', threshold: 0.2, maxDiffPixels: 0 } as const;

/**
 * Which entries are screenshot: the main states (those the index lists in several views) in their
 * own view, in the night theme, and in Arabic.
 */
function screenshotName(path: string, all: readonly string[]): string | null {
  const url = new URL(path, 'http://gallery');
  const views = all.filter((p) => p.split('?')[0] === url.pathname);
  if (views.length < 2) return null;
  const theme = url.searchParams.get('theme') ?? 'default';
  const locale = url.searchParams.get('locale');
  if (views[0] !== path && theme !== 'night' && locale !== 'ar') return null;
  return `${url.pathname.replace(/^\/gallery\//, '').replace('/', '--')}--${theme}--${locale}.png`;
}

/**
 * Which entries axe analyses: each state in its own view, and a main state in the other themes too
 * (their colours are what contrast rules read). A main state's language views differ by their
 * words and direction, which the gallery checks on every entry (language, `dir`, no console error)
 * and the Arabic screenshots show; axe's rules do not read them. An axe pass with frames is most of
 * an entry's time, and CI has 30 minutes.
 */
function analysed(path: string, all: readonly string[]): boolean {
  const url = new URL(path, 'http://gallery');
  const views = all.filter((p) => p.split('?')[0] === url.pathname);
  return views.length < 2 || views[0] === path || (url.searchParams.get('theme') ?? 'default') !== 'default';
}

test('the index lists at least 40 entries, grouped by component, each state with its description', async ({ page, server }) => {
  const gallery = new GalleryPage(page, server.demoUrl);
  await gallery.openIndex();
  await expect.poll(() => gallery.entries.count()).toBeGreaterThanOrEqual(40);
  for (const name of headings) {
    await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
  }
  const row = (section: string, state: string) =>
    page.getByRole('region', { name: section }).getByRole('row').filter({ has: page.getByRole('rowheader', { name: new RegExp(`^${state}( \\(main\\))?$`) }) });
  const invalidNumber = row('Card fields', 'invalid-number');
  await expect(invalidNumber).toContainText('Number fails the Luhn check');
  await expect(invalidNumber.getByRole('link', { name: 'night' })).toHaveAttribute('href', '/gallery/card-fields/invalid-number?theme=night&locale=en');
  await expect(invalidNumber.getByRole('link', { name: 'ar' })).toHaveAttribute('href', '/gallery/card-fields/invalid-number?theme=default&locale=ar');
  // The hosted page is there in each of its states.
  for (const state of ['loading', 'ready', 'processing', 'declined', 'succeeded', 'paid-already', 'failed-for-good', 'load-error', 'expired', 'not-found']) {
    await expect(row('Hosted page', state).getByRole('link').first()).toHaveAttribute('href', new RegExp(`^/gallery/hosted-page/${state}\\?locale=`));
  }
  expect(gallery.errors).toEqual([]);
});

for (const component of components) {
  test(`every ${component} entry linked from the index loads with no console error and no axe violation; main states match their screenshots`, async ({ page, server }) => {
    const gallery = new GalleryPage(page, server.demoUrl);
    await gallery.openIndex();
    const all = await gallery.entryPaths();
    const paths = all.filter((p) => p.startsWith(`/gallery/${component}/`));
    expect(paths.length).toBeGreaterThan(0);
    // A few seconds an entry on a busy machine; the count comes from the index, so the budget does too.
    test.setTimeout(20_000 + paths.length * 8_000);
    for (const path of paths) {
      await test.step(path, async () => {
        await gallery.openEntry(path);
        await expect(gallery.heading).not.toHaveText('No such gallery entry');
        // Shown in the language the link names, mirrored for Arabic.
        const locale = new URL(path, server.demoUrl).searchParams.get('locale')!;
        await expect(gallery.frame.locator(':root')).toHaveAttribute('lang', locale);
        await expect(gallery.frame.locator(':root')).toHaveAttribute('dir', locale === 'ar' ? 'rtl' : 'ltr');
        const name = screenshotName(path, all);
        if (name) await expect(gallery.stage).toHaveScreenshot(name, screenshot);
        // The component's frame analysed with the page, not skipped by a slow injection of axe.
        if (analysed(path, all)) expectNoViolations(await scanWithEveryFrame(page, gallery.stage.locator('iframe'), { legacyMode: true }));
        expect(gallery.errors, `console errors on ${path}`).toEqual([]);
      });
    }
  });
}
