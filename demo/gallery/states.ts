/**
 * Every `*.states.ts` file, found at build time by vite: the components' (src/components/<Name>/)
 * and the hosted page's. The only list of them; a new file or state needs no edit here.
 */
import { collectComponents } from './catalogue.ts';

export const statesModules: Record<string, unknown> = {
  ...import.meta.glob('../../src/components/*/*.states.ts', { eager: true }),
  ...import.meta.glob('../../hosted-page/*.states.ts', { eager: true }),
};

export const galleryComponents = collectComponents(statesModules);
