/** Entry of /js/v1/svcpay-confirm.js, loaded by svcpay.js when a group's controller frame starts (embed/lazy.ts). */
import { createRequests } from '../confirm.ts';
import { registerPart } from '../lazy.ts';

registerPart({ createRequests });
