import fc from 'fast-check';
import type { JsonSchema } from './route-table.ts';

// fast-check arbitraries for the JSON Schemas that zod 4 writes into the OpenAPI document: values that
// fit a route's schema, and values mutated out of it. (zod-fast-check supports zod 3 and fast-check 3
// only; the JSON Schema covers every route, whatever zod feature built it.)

const num = (value: unknown) => (typeof value === 'number' ? value : undefined);

/** Values that satisfy the schema; with `requiredOnly`, objects carry their required keys only. */
export function validArbitrary(schema: JsonSchema, requiredOnly = false): fc.Arbitrary<unknown> {
  const arb = (s: JsonSchema) => validArbitrary(s, requiredOnly);
  if ('const' in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  const union = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (union) return fc.oneof(...union.map(arb));
  if (Array.isArray(schema.allOf)) return arb(schema.allOf[0] as JsonSchema);
  const type = Array.isArray(schema.type) ? (schema.type[0] as string) : (schema.type as string | undefined);
  switch (type) {
    case 'string':
      return stringArbitrary(schema);
    case 'integer':
      return fc.integer({
        min: Math.max(num(schema.minimum) ?? -1000, -1e9),
        max: Math.min(num(schema.maximum) ?? 1000, 1e9),
      });
    case 'number':
      return fc.double({
        min: num(schema.minimum) ?? -1000,
        max: num(schema.maximum) ?? 1000,
        noNaN: true,
        noDefaultInfinity: true,
      });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const items = (schema.items as JsonSchema | undefined) ?? {};
      const minLength = num(schema.minItems) ?? 0;
      return fc.array(arb(items), {
        minLength,
        maxLength: Math.min(num(schema.maxItems) ?? 3, minLength + 2),
      });
    }
    case 'object': {
      const properties = (schema.properties as Record<string, JsonSchema> | undefined) ?? {};
      const required = new Set((schema.required as string[] | undefined) ?? []);
      const keys = Object.keys(properties).filter((key) => !requiredOnly || required.has(key));
      return fc.record(Object.fromEntries(keys.map((key) => [key, arb(properties[key] as JsonSchema)])), {
        requiredKeys: keys.filter((key) => required.has(key)),
      });
    }
    default:
      return fc.jsonValue();
  }
}

function stringArbitrary(schema: JsonSchema): fc.Arbitrary<string> {
  const minLength = num(schema.minLength) ?? 0;
  const maxLength = Math.min(num(schema.maxLength) ?? 40, minLength + 40);
  switch (schema.format) {
    case 'email':
      return fc.constantFrom('ana@example.pe', 'x.y@test.com');
    case 'uuid':
      return fc.uuid();
    case 'date':
      return fc.constantFrom('2030-01-15', '2024-02-29');
    case 'date-time':
      return fc.constant('2030-01-15T10:00:00Z');
  }
  if (typeof schema.pattern === 'string') {
    return fc
      .stringMatching(new RegExp(schema.pattern))
      .filter((value) => value.length >= minLength && value.length <= (num(schema.maxLength) ?? 1e6));
  }
  return fc.string({ minLength, maxLength });
}

/** Dates that are no dates, or far from any schedule: year 0, Feb 30, a non-leap Feb 29, far future. */
export const hostileDate = fc.constantFrom(
  '0000-01-01',
  '2024-02-30',
  '1900-02-29',
  '2023-02-29',
  '9999-12-31',
  '275760-09-13',
  '2024-13-01',
  '2024-00-10',
  '0000-01-01T00:00:00Z',
  '2024-02-30T10:00:00Z',
  '01/02/2024',
);

/** Strings that JavaScript's Number() reads as numbers but a decimal field must not. */
export const numericString = fc.constantFrom(
  '0x10',
  '1e3',
  '-0',
  'Infinity',
  '1_000',
  ' 12',
  '12 ',
  '0b11',
  '١٢',
  '1.5',
  '+7',
  '',
);

/** Values that are wrong for any schema slot: other types, null, huge, long, deep, odd strings. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileDate,
  numericString,
  fc.constantFrom(
    null,
    true,
    0,
    -1,
    1.5,
    1e308,
    -1e308,
    Number.MAX_SAFE_INTEGER + 2,
    '',
    ' ',
    '\u0000',
    'NaN',
    '../../etc/passwd',
    "' or 1=1 --",
    '<script>alert(1)</script>',
    '%00',
    '😀'.repeat(50),
    'x'.repeat(100_000),
    [],
    {},
    [null],
    JSON.parse('{"__proto__":{"polluted":true}}'),
    { constructor: { prototype: { polluted: true } } },
  ),
  fc.string({ maxLength: 30 }),
  fc.integer(),
  fc.double(),
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }),
);

/**
 * Bodies or query objects mutated out of the schema: a valid value with one key replaced by a hostile
 * value, dropped, or joined by an unknown key, or a hostile value in place of the whole thing.
 */
export function mutatedArbitrary(schema: JsonSchema): fc.Arbitrary<unknown> {
  const valid = validArbitrary(schema);
  const keys = Object.keys((schema.properties as Record<string, unknown> | undefined) ?? {});
  const mutations: fc.Arbitrary<unknown>[] = [
    hostileValue,
    fc
      .tuple(valid, fc.string({ minLength: 1, maxLength: 12 }), hostileValue)
      .map(([value, key, bad]) =>
        value && typeof value === 'object' && !Array.isArray(value) ? { ...value, [`${key}_x`]: bad } : bad,
      ),
  ];
  // Date and number slots get an impossible date or a numeric string in their place.
  const properties = (schema.properties as Record<string, JsonSchema> | undefined) ?? {};
  const dateKeys = keys.filter(
    (key) => /date|from|until|birth/.test(key) || properties[key]?.format === 'date',
  );
  const numberKeys = keys.filter((key) => ['number', 'integer'].includes(String(properties[key]?.type)));
  for (const [slots, bad] of [
    [dateKeys, hostileDate],
    [numberKeys, numericString],
  ] as const) {
    if (slots.length)
      mutations.push(
        fc.tuple(valid, fc.constantFrom(...slots), bad).map(([value, key, text]) => ({
          ...(value as object),
          [key]: text,
        })),
      );
  }
  if (keys.length) {
    mutations.push(
      fc.tuple(valid, fc.constantFrom(...keys), hostileValue).map(([value, key, bad]) => ({
        ...(value as object),
        [key]: bad,
      })),
      fc.tuple(valid, fc.constantFrom(...keys)).map(([value, key]) => {
        const { [key]: _dropped, ...rest } = value as Record<string, unknown>;
        return rest;
      }),
    );
  }
  return fc.oneof(...mutations);
}
