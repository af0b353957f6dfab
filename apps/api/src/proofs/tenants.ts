import { demoTenantFile } from '../test/test-app.ts';

// Two tenants for the proofs, both derived from the demo shop so that whatever a module adds to the demo
// file (new sections, staff, stock) is there for both: the same catalogue, programs, promotions,
// members and staff, under other ids, domains and keys. Deriving them instead of keeping a second
// hand-written file means a new kind of object never exists in one tenant only.

export interface ProofTenant {
  uid: string;
  host: string;
  /** The demo file's uid → this tenant's uid (places, products, programs, promotions, users, …). */
  id: (demoUid: string) => string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function collectUids(node: unknown, into: Set<string>): Set<string> {
  if (Array.isArray(node)) for (const item of node) collectUids(item, into);
  else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === 'uid' && typeof value === 'string') into.add(value);
      else collectUids(value, into);
    }
  }
  return into;
}

/** Renames every uid of the demo app (and every reference to one) for a tenant; uuids stay uuids. */
function renamer(tag: string, index: number) {
  const hex = index.toString(16).padStart(4, '0');
  return (uid: string) => (UUID.test(uid) ? `${hex}${uid.slice(4)}` : `${tag}-${uid}`);
}

function rename(node: unknown, uids: Set<string>, id: (uid: string) => string): unknown {
  if (typeof node === 'string') return uids.has(node) ? id(node) : node;
  if (Array.isArray(node)) return node.map((item) => rename(item, uids, id));
  if (node && typeof node === 'object')
    return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, rename(v, uids, id)]));
  return node;
}

/**
 * A tenant file with one app per tag, each a copy of the demo app: `deletion_path_prefix` "club" on all
 * of them, so that the prefixed deletion route exists on both sides of the isolation matrix.
 */
export function proofTenants(tags: string[]): { file: { apps: unknown[] }; tenants: ProofTenant[] } {
  const demo = demoTenantFile().apps.find((app) => app.uid === 'demo');
  if (!demo) throw new Error('the demo file has no demo app');
  const uids = collectUids(demo, new Set());
  const tenants: ProofTenant[] = [];
  const apps = tags.map((tag, index) => {
    const id = renamer(tag, index + 1);
    const app = rename(demo, uids, id) as Record<string, unknown>;
    tenants.push({ uid: id('demo'), host: `${tag}.proof.localhost`, id });
    return {
      ...app,
      domains: [`${tag}.proof.localhost`],
      api_key: `${tag}-proof-api-key`,
      deletion_path_prefix: 'club',
    };
  });
  return { file: { apps }, tenants };
}
