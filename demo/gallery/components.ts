/**
 * The components the gallery renders, found the way their states are: each folder's `index.ts`
 * exports the component under the folder's name (STYLE.md habit 4), so a new component with a
 * states file needs no edit here.
 */
import type { ComponentType } from 'preact';

const modules: Record<string, unknown> = import.meta.glob('../../src/components/*/index.ts', { eager: true });

/** `CardFields` -> the CardFields component; null when no folder exports one under that name. */
export function componentNamed(name: string): ComponentType<Record<string, unknown>> | null {
  const mod = modules[`../../src/components/${name}/index.ts`] as Record<string, unknown> | undefined;
  const component = mod?.[name];
  return typeof component === 'function' ? (component as ComponentType<Record<string, unknown>>) : null;
}
