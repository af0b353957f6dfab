import type { FastifyInstance } from 'fastify';

// The API's own route table, read from the OpenAPI document its zod schemas produce: a module that
// registers a route is in every proof without anyone editing the proofs.

export type JsonSchema = Record<string, unknown>;

export interface ApiRoute {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** OpenAPI form: /api/v5/me/orders/{order_uid}/ */
  path: string;
  pathParams: string[];
  /** One object schema for the query string, or null when the route takes none. */
  query: JsonSchema | null;
  body: JsonSchema | null;
}

interface Operation {
  parameters?: { in: string; name: string; required?: boolean; schema: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema: JsonSchema }> };
}

export function apiRoutes(app: FastifyInstance): ApiRoute[] {
  const doc = app.swagger() as { paths: Record<string, Record<string, Operation>> };
  const routes: ApiRoute[] = [];
  for (const [path, operations] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(operations)) {
      const parameters = op.parameters ?? [];
      const query = parameters.filter((p) => p.in === 'query');
      routes.push({
        method: method.toUpperCase() as ApiRoute['method'],
        path,
        pathParams: [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string),
        query: query.length
          ? {
              type: 'object',
              properties: Object.fromEntries(query.map((p) => [p.name, p.schema])),
              required: query.filter((p) => p.required).map((p) => p.name),
            }
          : null,
        body: op.requestBody?.content?.['application/json']?.schema ?? null,
      });
    }
  }
  return routes;
}

export const routeName = (route: Pick<ApiRoute, 'method' | 'path'>) => `${route.method} ${route.path}`;

/** The URL of a route with its path parameters filled in (encoded). */
export function fillPath(path: string, values: Record<string, string>): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`no value for {${name}} in ${path}`);
    return encodeURIComponent(value);
  });
}

/**
 * The fixture key of a path parameter: `segment/{name}` when the table has one (a bare `{uid}` means a
 * company after `companies/`, a program after `programs/`), else the name itself.
 */
export function fixtureKey(path: string, name: string, table: Record<string, unknown>): string | null {
  const segments = path.split('/');
  const at = segments.indexOf(`{${name}}`);
  const specific = `${segments[at - 1]}/{${name}}`;
  if (specific in table) return specific;
  return name in table ? name : null;
}
