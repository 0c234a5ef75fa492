/** The sandbox processor's fields frame, for `sandbox` merchants. */
import { defineProvider } from '../provider.ts';
import { ProcessorFrame } from './ProcessorFrame.tsx';
import { frameSpec } from './spec.ts';

export const sandbox = defineProvider({ name: 'sandbox', modes: ['sandbox'], spec: frameSpec, Fields: ProcessorFrame });
