/**
 * Entry of a card field frame (/frames/field.html), one per mounted card element. The inputs and
 * their values live here; the frame talks only to its controller (ARCHITECTURE.md, trust zones).
 */
import type { FieldType } from '../../vocab/elements.ts';
import { bootElementFrame } from './boot.tsx';
import { cardInitial, CardView } from './CardView.tsx';

bootElementFrame('field', CardView, (params) => cardInitial(params.type as FieldType));
