/** Entry of /js/v1/svcpay-confirm.js, loaded by svcpay.js once a group's elements are ready, or on confirm (embed/lazy.ts). */
import { createController } from '../controller.ts';
import { registerPart } from './register.ts';

registerPart({ createController });
