/**
 * Entry of /frames/challenge-return.html, where the buyer's bank sends the challenge frame once
 * the buyer answered (the return URL the service gave with the charge, src/server/routes/public).
 * It tells the merchant page that holds the challenge dialog (embed/challenge.ts) that the bank is
 * done; the controller then asks the service for the outcome. It carries nothing else: the
 * outcome is the service's to say, so a page that frames this one learns nothing from it.
 */
import { isHttpOrigin, send } from '../../protocol/channel.ts';
import { ChallengeReturnToPage, PROTOCOL } from '../../protocol/messages.ts';

const parentOrigin = new URLSearchParams(location.search).get('parentOrigin');
if (parentOrigin && isHttpOrigin(parentOrigin) && window.parent !== window) {
  send(window.parent, parentOrigin, ChallengeReturnToPage, { protocol: PROTOCOL, type: 'challenge.returned' });
}
