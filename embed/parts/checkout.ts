/** Entry of /js/v1/svcpay-checkout.js, loaded by svcpay.js on the first mountCheckout (embed/lazy.ts). */
import { setChannelDebug } from '../../src/protocol/channel.ts';
import { mountCheckout } from '../checkout.ts';
import { registerPart } from './register.ts';

registerPart({ mountCheckout, setChannelDebug });
