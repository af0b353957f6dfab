import { type LookupAddress, lookup } from 'node:dns';
import { Agent } from 'node:https';
import { BlockList, isIP } from 'node:net';
import { isLoopbackAddress } from '../../lib/loopback.ts';

/**
 * Where the server may post a member's notifications. The endpoint is an address a browser gave, so a
 * member could name one inside our network instead (server-side request forgery): only https names of
 * the open internet are taken, and the address each name resolves to is checked again when posting, so a
 * name that points inside later (DNS rebinding) is refused too. Tests allow loopback (a local push
 * service, PUSH_ALLOW_LOOPBACK), which production refuses to start with (config.ts).
 */

/** Networks no push service is on: this machine, private and shared ranges, link-local, multicast. */
const INTERNAL = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const)
  INTERNAL.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 127],
  ['::ffff:0:0', 96],
  ['64:ff9b::', 96],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  INTERNAL.addSubnet(network, prefix, 'ipv6');

/** Host names that only a local network resolves. */
const LOCAL_NAME = /(^|\.)(localhost|local|internal|intranet|lan|home|corp|home\.arpa)$/i;

/** Whether the server may connect to this resolved address. */
export function isPublicAddress(address: string, allowLoopback: boolean): boolean {
  if (allowLoopback && isLoopbackAddress(address)) return true;
  const version = isIP(address);
  return version !== 0 && !INTERNAL.check(address, version === 4 ? 'ipv4' : 'ipv6');
}

/** Whether a subscription's endpoint (already an https URL, pushEndpointSchema) may be posted to. */
export function isAllowedEndpoint(endpoint: string, allowLoopback: boolean): boolean {
  const url = new URL(endpoint);
  // A trailing dot only writes the name in full (`localhost.` is localhost): judge the name without it.
  const host = url.hostname.replace(/^\[|\]$/g, '').replace(/\.+$/, '');
  if (allowLoopback && isLoopbackAddress(host)) return true;
  // Push services are named hosts on the standard port; an address literal is someone's own machine.
  return isIP(host) === 0 && host.includes('.') && !LOCAL_NAME.test(host) && url.port === '';
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/** dns.lookup that fails for a name resolving to any internal address. */
function publicLookup(allowLoopback: boolean) {
  return (hostname: string, options: { all?: boolean }, callback: LookupCallback) => {
    lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      const internal = addresses.find((entry) => !isPublicAddress(entry.address, allowLoopback));
      if (internal || addresses.length === 0) {
        const refused: NodeJS.ErrnoException = new Error(`${hostname} resolves to an internal address`);
        refused.code = 'EPUSHINTERNAL';
        return callback(refused, []);
      }
      const [first] = addresses as [LookupAddress];
      return options.all ? callback(null, addresses) : callback(null, first.address, first.family);
    });
  };
}

/** The agent every notification goes out through; `ca` trusts a test push service's certificate. */
export function pushAgent(allowLoopback: boolean, ca?: string): Agent {
  return new Agent({ keepAlive: true, lookup: publicLookup(allowLoopback) as never, ...(ca ? { ca } : {}) });
}
