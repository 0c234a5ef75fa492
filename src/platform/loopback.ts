/** Addresses and listeners only this machine can reach (the control API's guard and its start-up check). */
import { addressReach } from './public-address.ts';

/**
 * A loopback address in any spelling (127.0.0.0/8, ::1, IPv4 loopback as IPv6 such as
 * `::ffff:127.0.0.1`, how a dual-stack socket reports it); the classifier webhooks use.
 */
export const isLoopbackAddress = (ip: string): boolean => addressReach(ip) === 'loopback';

/** A listener address that only this machine can reach (`HOST`): the name `localhost`, or a loopback address. */
export function isLoopbackListener(host: string): boolean {
  return host.toLowerCase() === 'localhost' || isLoopbackAddress(host);
}
