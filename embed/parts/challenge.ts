/** Entry of /js/v1/svcpay-challenge.js, loaded by svcpay.js when a bank first asks for a challenge (embed/lazy.ts). */
import { setChannelDebug } from '../../src/protocol/channel.ts';
import { openChallenge } from '../challenge.ts';
import { registerPart } from './register.ts';

registerPart({ openChallenge, setChannelDebug });
