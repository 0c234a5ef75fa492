/**
 * The hidden controller frame, one per `elements` group: it talks to the merchant page (its
 * parent) by postMessage and to the group's field frames by the BroadcastChannel named in its
 * hash. It runs in a copy of an element frame page the group already loaded, told so by its hash
 * (binding.ts, runsController; embed/group.ts), so a card buyer's browser downloads the card page
 * once, from its cache the second time (issue 36, bytes); /frames/controller.html (main.ts) runs it
 * too, for embed scripts cached before that.
 */
import { chargeSession, completeSession, vaultCard } from '../../client/charge.ts';
import { sendClientError } from '../../client/send-client-error.ts';
import { listen, openBus, openPort, send, setChannelDebug } from '../../protocol/channel.ts';
// Hand-rolled validators, not zod's: each is proven equal to its schema in messages.ts, and they
// keep zod's message machinery out of this frame (issue 9: what a card buyer downloads).
import {
  BoundFieldToControllerParser as BoundFieldToController,
  ControllerBindParser as ControllerBind,
  ControllerToBoundFieldParser as ControllerToBoundField,
  ControllerToFieldParser as ControllerToField,
  FieldToControllerParser as FieldToController,
  readControllerParams,
} from '../../protocol/frame-parsers.ts';
import { ControllerToPageParser as ControllerToPage, PageToControllerParser as PageToController } from '../../protocol/page-parsers.ts';
import { elementPages } from '../../vocab/elements.ts';
import { findFieldWindow, framePagePath, type FrameNode } from '../binding.ts';
import { watchErrors } from '../frame-errors.ts';
import { createController } from './controller.ts';

export function startController(): void {
  const params = readControllerParams(location.hash);
  if (!params) return console.warn('[svcpay] controller frame: invalid frame URL');
  setChannelDebug(params.debug === '1');
  if (window.parent === window) return console.warn('[svcpay] controller frame: must be embedded by svcpay.js');
  // The hash is written by the embedding page; where the browser says who that is, agree with it.
  const ancestor = location.ancestorOrigins?.[0];
  if (ancestor !== undefined && ancestor !== params.parentOrigin) {
    return console.warn('[svcpay] controller frame: parentOrigin does not match the embedding page');
  }

  // Every element frame page may hold a field of this mount (src/elements/registry.ts).
  const fieldPaths = elementPages.map(framePagePath);
  const controller = createController({
    channel: params.channel,
    locale: params.locale,
    toPage: (msg) => send(window.parent, params.parentOrigin, ControllerToPage, msg),
    toFields: (msg) => bus.post(msg),
    // Straight to the field's window, never on the bus: the bind carries the mount secret.
    pairField: (elementId, bind, onMessage) => {
      const where = { origin: location.origin, fieldPaths, channel: params.channel, elementId };
      const field = findFieldWindow(window.parent as unknown as FrameNode, where) as unknown as Window | null;
      if (!field) return null;
      const { port1, port2 } = new MessageChannel();
      send(field, location.origin, ControllerBind, bind, [port2]);
      return openPort(port1, { receive: BoundFieldToController, send: ControllerToBoundField, onMessage });
    },
    // Same origin as this frame: base '' (Doc 3, "Public endpoints the field frames call").
    charge: (sessionId, pk, body) => chargeSession(sessionId, pk, body, ''),
    complete: (sessionId, pk, body) => completeSession(sessionId, pk, body, ''),
    vault: (pk, body) => vaultCard(pk, body, ''),
    pageOrigin: params.parentOrigin,
    report: (code, context, sessionId) =>
      sendClientError({ sessionId: sessionId || undefined, message: `controller: ${code}`, context: { code, ...context } }),
  });
  const bus = openBus(params.channel, { receive: FieldToController, send: ControllerToField, onMessage: controller.fromField });
  listen(window, {
    origin: params.parentOrigin,
    source: () => window.parent,
    schema: PageToController,
    channel: params.channel,
    onMessage: controller.fromPage,
  });
  // Reported by watchErrors; the merchant hears of it as the group's `error` event.
  watchErrors(window, 'controller', sendClientError, () =>
    controller.fault({ code: 'frame_error', message: 'The svcpay controller frame failed unexpectedly.' }, {}, false),
  );
  controller.start();
}

