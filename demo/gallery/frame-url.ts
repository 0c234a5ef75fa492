/**
 * The documents an entry page frames: `/gallery/frames/<kind>/<component>/<state>?<view>`, where
 * kind is `element` (field.css and appearance, as in svcpay's element frames) or `page` (the
 * hosted page's stylesheet), and the sandbox card fields the gallery's hosted page mounts.
 */
import type { EntryView } from './links.ts';

export type FrameKind = 'element' | 'page';

export const SANDBOX_FIELDS_PATH = '/gallery/frames/sandbox-fields';

export function frameUrl(kind: FrameKind, slug: string, state: string, view: EntryView): string {
  const query = new URLSearchParams({ theme: view.theme, locale: view.locale });
  return `/gallery/frames/${kind}/${slug}/${encodeURIComponent(state)}?${query}`;
}

/** `/gallery/frames/element/card-fields/empty` -> `card-fields`, `empty`; null for any other path. */
export function readFramePath(pathname: string, kind: FrameKind): { slug: string; state: string } | null {
  const m = new RegExp(`^/gallery/frames/${kind}/([a-z0-9-]+)/([^/]+)$`).exec(pathname);
  if (!m) return null;
  try {
    return { slug: m[1]!, state: decodeURIComponent(m[2]!) };
  } catch {
    return null;
  }
}
