/** Entry of an address element's frame (/frames/address.html): AddressFields only, no card code. */
import { anyElementWire } from '../../protocol/frame-parsers.ts';
import { bootElementFrame } from '../field/boot.tsx';
import { AddressView } from './AddressView.tsx';

bootElementFrame('address', AddressView, anyElementWire);
