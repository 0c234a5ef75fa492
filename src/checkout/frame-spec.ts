/** The processor fields frame a checkout mounts (checkout-store.ts), and the ids of its requests. */
export interface FrameSpec {
  /** Full iframe src, hash included. */
  url: string;
  /** Processor origin: the only origin whose messages count, and the post target. */
  origin: string;
  /** Changes on every init so the iframe element is replaced (a hash change would not reload it). */
  key: number;
}

export const randomRequestId = () => Math.random().toString(36).slice(2, 12) + Date.now().toString(36);

export function httpOrigin(url: string): string | null {
  try {
    const u = new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.origin : null;
  } catch {
    return null;
  }
}
