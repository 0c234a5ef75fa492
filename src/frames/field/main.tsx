/**
 * Entry of a card field frame (/frames/field.html), one per mounted card element. The inputs and
 * their values live here; the frame talks only to its controller (ARCHITECTURE.md, trust zones).
 */
import type { FieldType } from '../../vocab/elements.ts';
import { CardToControllerParser, CardToPageParser, CardValuesParser } from '../../protocol/frame-parsers.ts';
import { bootElementFrame } from './boot.tsx';
import { runsController } from '../binding.ts';
import { startController } from '../controller/start.ts';
import { cardInitial, CardView } from './CardView.tsx';

// Card states and values only: this page carries no address or wallet shape (issue 22).
const cardWire = { toPage: CardToPageParser, toController: CardToControllerParser, values: CardValuesParser };
// Or the group's controller, in a copy of this page the browser already has (controller/start.ts).
if (runsController(location.hash)) startController();
else bootElementFrame('field', CardView, cardWire, (params) => cardInitial(params.type as FieldType));
