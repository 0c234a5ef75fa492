/**
 * What the controller (controller.ts) is given, and what it keeps: every outside effect comes in
 * through ControllerDeps (main.ts wires the frame's window and the service), so the controller is
 * tested without a browser.
 */
import type { PublicChargeRequest, PublicChargeResponse, PublicCompleteRequest } from '../../api/checkout.ts';
import type { PublicToken, PublicTokenBody } from '../../api/tokens.ts';
import type { ApiResult } from '../../client/http.ts';
import type { Bus } from '../../protocol/channel.ts';
import type {
  BoundFieldToController,
  ControllerBind,
  ControllerToBoundField,
  ControllerToField,
  ControllerToPage,
  ElementType,
  FieldState,
} from '../../protocol/messages.ts';

export interface ControllerDeps {
  channel: string;
  locale?: string;
  toPage(msg: ControllerToPage): void;
  /** Posts on the bus: announcements only, every field frame on the channel hears them. */
  toFields(msg: ControllerToField): void;
  /**
   * Hands `bind` to the field frame `elementId` with a private port and returns this end of it;
   * null when that frame cannot be found. The field answers nothing if it refuses the bind.
   */
  pairField(elementId: string, bind: ControllerBind, onMessage: (msg: BoundFieldToController) => void): Bus<ControllerToBoundField> | null;
  /** For tests; a fresh crypto-random secret per mount otherwise. */
  newSecret?(): string;
  charge(sessionId: string, publishableKey: string, body: PublicChargeRequest): Promise<ApiResult<PublicChargeResponse>>;
  /** `POST /v1/public/sessions/{id}/complete`: the outcome after a bank challenge. */
  complete?(sessionId: string, publishableKey: string, body: PublicCompleteRequest): Promise<ApiResult<PublicChargeResponse>>;
  /** `POST /v1/public/tokens`: vaults the card for createToken. */
  vault?(publishableKey: string, body: PublicTokenBody): Promise<ApiResult<PublicToken>>;
  /** The merchant page's origin, sent with a charge: a bank challenge is shown over that page. */
  pageOrigin?: string;
  /** Reports an unexpected failure: a code and context, never card data. */
  report(code: string, context: Record<string, string | number | boolean>, sessionId?: string): void;
  /** How long fields get to hand over their values; they live in the same process, so short. */
  collectTimeoutMs?: number;
}

export interface Session {
  publishableKey: string;
  sessionId: string;
  locale?: string;
  secret: string;
}

export interface Field {
  type: ElementType;
  state?: FieldState;
  /** The private line to this field once bound (binding.ts). */
  port?: Bus<ControllerToBoundField> | null;
}
