/**
 * A merchant's processor (Doc 3, sandbox control API): one of the init types, or `none` (not
 * connected). Its own module because the spread survives tree-shaking: browser pages that import
 * `initTypes` from ./processors.ts would otherwise download this list too.
 */
import { initTypes } from './processors.ts';

export const processorKinds = [...initTypes, 'none'] as const;
export type ProcessorKind = (typeof processorKinds)[number];
