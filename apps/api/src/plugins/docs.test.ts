import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileErrors, validate } from '@readme/openapi-parser';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/test-app.ts';

// The published OpenAPI document is what integrators generate clients from: it must be valid, every
// operation must have a unique operationId and a tag defined once at the top, and a client generated
// from it (openapi-typescript) must compile with a small typed fetch over it.

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

interface Operation {
  operationId?: string;
  tags?: string[];
}
interface Document {
  tags?: { name: string; description?: string }[];
  paths: Record<string, Record<string, Operation>>;
}

let t: Awaited<ReturnType<typeof createTestApp>>;
let doc: Document;

beforeAll(async () => {
  t = await createTestApp({ demo: false });
  const res = await t.app.inject({ url: '/api/docs/openapi.json', headers: { host: 'localhost' } });
  doc = res.json();
});
afterAll(() => t?.close());

const operations = () =>
  Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, op]) => ({ name: `${method.toUpperCase()} ${path}`, op })),
  );

describe('the OpenAPI document', () => {
  it('is valid OpenAPI (@readme/openapi-parser)', async () => {
    const result = await validate(structuredClone(doc) as never);
    expect(result.valid ? '' : compileErrors(result)).toBe('');
  });

  it('gives every operation a unique operationId and a tag defined at the top', () => {
    const all = operations();
    expect(all.length).toBeGreaterThan(80);
    expect(all.filter(({ op }) => !op.operationId).map(({ name }) => name)).toEqual([]);
    const ids = all.map(({ op }) => op.operationId);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    const defined = new Set((doc.tags ?? []).map((tag) => tag.name));
    expect(all.filter(({ op }) => !op.tags?.length).map(({ name }) => name)).toEqual([]);
    const undefinedTags = all.flatMap(({ op }) => (op.tags ?? []).filter((tag) => !defined.has(tag)));
    expect([...new Set(undefinedTags)]).toEqual([]);
    expect((doc.tags ?? []).filter((tag) => !tag.description).map((tag) => tag.name)).toEqual([]);
  });

  it('generates a TypeScript client that compiles', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'openapi-client-'));
    try {
      writeFileSync(join(dir, 'schema.ts'), astToString(await openapiTS(structuredClone(doc) as never)));
      // A small typed fetch over the generated types, as an integrator would write it; tsc checks
      // that operations are reachable by their operationId with typed parameters and answers.
      writeFileSync(
        join(dir, 'client.ts'),
        `import type { operations, paths } from './schema.ts';

type JsonOf<R> = R extends { content: { 'application/json': infer J } } ? J : never;
type Answer<Op> = Op extends { responses: { 200: infer R } } ? JsonOf<R> : never;

export async function call<Id extends keyof operations>(
  _id: Id,
  method: string,
  path: string,
  init: { token?: string; body?: unknown } = {},
): Promise<Answer<operations[Id]>> {
  const res = await fetch(path, {
    method,
    headers: { ...(init.token ? { authorization: 'Token ' + init.token } : {}), 'content-type': 'application/json' },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return (await res.json()) as Answer<operations[Id]>;
}

export async function example(token: string) {
  const app = await call('getApp', 'GET', '/api/v7/apps/?domain=localhost');
  const places: { uid: string }[] = await call('listRetailPlaces', 'GET', '/api/v5/retail/places/', { token });
  const path: keyof paths = '/api/v5/me/';
  return [app.uid satisfies string, places.length, path];
}
`,
      );
      writeFileSync(
        join(dir, 'tsconfig.json'),
        JSON.stringify({
          compilerOptions: {
            strict: true,
            noEmit: true,
            target: 'es2022',
            module: 'nodenext',
            moduleResolution: 'nodenext',
            allowImportingTsExtensions: true,
            lib: ['es2022', 'dom'],
            skipLibCheck: true,
          },
          files: ['schema.ts', 'client.ts'],
        }),
      );
      let output = '';
      try {
        execFileSync(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', dir], {
          encoding: 'utf8',
        });
      } catch (error) {
        output = String((error as { stdout?: string }).stdout ?? error);
      }
      expect(output).toBe('');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
