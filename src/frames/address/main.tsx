/** Entry of an address element's frame (/frames/address.html): AddressFields only, no card code. */
import { anyElementWire } from '../../protocol/frame-parsers.ts';
import { bootElementFrame } from '../field/boot.tsx';
import { runsController } from '../binding.ts';
import { startController } from '../controller/start.ts';
import { AddressView } from './AddressView.tsx';

// Or the group's controller, in a copy of this page the browser already has (controller/start.ts).
if (runsController(location.hash)) startController();
else bootElementFrame('address', AddressView, anyElementWire);
