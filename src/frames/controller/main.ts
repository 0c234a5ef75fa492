/**
 * Entry of /frames/controller.html, the controller's page before it ran in an element frame page
 * (start.ts): kept for embed scripts cached before that (svcpay.js is cached for 5 minutes), so a
 * buyer on such a page can still pay. Nothing of today's svcpay.js loads it.
 */
import { startController } from './start.ts';

startController();
