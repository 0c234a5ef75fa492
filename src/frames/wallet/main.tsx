/** Entry of a wallet element's frame (/frames/wallet.html): WalletButton only, no card code. */
import { anyElementWire } from '../../protocol/frame-parsers.ts';
import { bootElementFrame } from '../field/boot.tsx';
import { WalletView } from './WalletView.tsx';

bootElementFrame('wallet', WalletView, anyElementWire, () => ({ elementType: 'wallet', empty: true, complete: false }));
