import { isIPv4 } from 'node:net';

/** Whether an address (a socket's, or HOST) only ever reaches this machine. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return address === 'localhost' || address === '::1' || (isIPv4(v4) && v4.startsWith('127.'));
}
