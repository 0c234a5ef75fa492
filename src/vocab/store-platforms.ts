/** The connected stores an order may be mirrored to (Document 2, "Connected-store order mirroring"). */
export const storePlatforms = ['platform_a', 'platform_b'] as const;
export type StorePlatform = (typeof storePlatforms)[number];
