/** Entry of a wallet element's frame (/frames/wallet.html): WalletButton only, no card code. */
import { anyElementWire } from '../../protocol/frame-parsers.ts';
import { bootElementFrame } from '../field/boot.tsx';
import { runsController } from '../binding.ts';
import { startController } from '../controller/start.ts';
import { WalletView } from './WalletView.tsx';

// Or the group's controller, in a copy of this page the browser already has (controller/start.ts).
if (runsController(location.hash)) startController();
else bootElementFrame('wallet', WalletView, anyElementWire, () => ({ elementType: 'wallet', empty: true, complete: false }));
