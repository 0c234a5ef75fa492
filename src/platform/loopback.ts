/** Addresses and listeners only this machine can reach (the control API's guard and its start-up check). */

/** 127.0.0.0/8, ::1, and IPv4 loopback as IPv6 (`::ffff:127.0.0.1`, how a dual-stack socket reports it). */
export function isLoopbackAddress(ip: string): boolean {
  const v4 = ip.toLowerCase().replace(/^::ffff:/, '');
  return ip === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}

/** A listener address that only this machine can reach (`HOST`): loopback names and addresses. */
export function isLoopbackListener(host: string): boolean {
  const h = host.toLowerCase().replace(/^\[(.*)\]$/, '$1');
  return h === 'localhost' || isLoopbackAddress(h);
}
