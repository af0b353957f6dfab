import { isIPv4 } from 'node:net';
import type { FastifyRequest } from 'fastify';

/** Whether an address (a socket's, or HOST) only ever reaches this machine. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return address === 'localhost' || address === '::1' || (isIPv4(v4) && v4.startsWith('127.'));
}

/**
 * Whether a request comes from this machine itself, by its socket's address, since X-Forwarded-For
 * could say anything. A request relayed by a proxy (even one on this machine) does not.
 */
export function fromThisMachine(request: FastifyRequest): boolean {
  const relayed = request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined;
  return !relayed && isLoopbackAddress(request.socket.remoteAddress);
}
