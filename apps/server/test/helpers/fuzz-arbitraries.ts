// Generated malformed requests for the route fuzz test (issue 18): path ids, query strings and bodies
// built from a route's own schema keys, mixed with values real data uses so some requests go deep.
import fc from 'fast-check';
import type { RouteOptions } from 'fastify';

/** Values of the seeded data (ids, link ids, receipt ids): requests that use them reach the services. */
export interface KnownValues {
  ids: number[];
  strings: string[];
}

const nastyStrings = [
  '',
  ' ',
  '张三',
  'x'.repeat(5000),
  '\u0000',
  'a\u0000b',
  '\ud800',
  '😀'.repeat(40),
  '0000-01-01T00:00:00Z',
  '0001-01-01T00:00:00+08:00',
  '9999-12-31T23:59:59-08:00',
  '2025-01-01T09:00:00+08:00',
  '-1',
  '0',
  '1',
  '1.5',
  '1e309',
  'NaN',
  'true',
  'null',
  '__proto__',
  'constructor',
  '../../etc/passwd',
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  'company',
  'person',
  'cadre',
  'newly_promoted',
  'democratic_appraisal',
  'democratic_evaluation',
  'link',
  'codes',
  'front',
  'back',
  'asc',
  'desc',
  'xlsx',
  'csv',
];

const nastyNumbers = [0, -1, 1, 2, 3, 1.5, -0.5, 2 ** 31, 2 ** 31 - 1, 2 ** 53, -(2 ** 53), 1e308, 100, 101];

/** Nested deeper than the request guard allows. */
const tooDeep = () => {
  let v: unknown = 1;
  for (let i = 0; i < 40; i++) v = [v];
  return v;
};

export function valueArb(known: KnownValues): fc.Arbitrary<unknown> {
  const leaf = fc.oneof(
    fc.constantFrom(...nastyStrings),
    fc.constantFrom(...nastyNumbers),
    fc.constantFrom(...known.ids),
    fc.constantFrom(...known.strings),
    fc.boolean(),
    fc.constant(null),
    fc.string({ maxLength: 40, unit: 'binary' }),
    fc.integer(),
    fc.double({ noNaN: true }),
  );
  return fc.oneof(
    { weight: 6, arbitrary: leaf },
    { weight: 1, arbitrary: fc.array(leaf, { maxLength: 5 }) },
    { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), leaf, { maxKeys: 4 }) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
    { weight: 1, arbitrary: fc.constant(null).map(tooDeep) },
  );
}

/** The keys of a zod object schema (through optional, pipe and refine wrappers), else none. */
export function schemaKeys(schema: unknown): string[] {
  let cur = schema as
    { shape?: Record<string, unknown>; _zod?: { def?: Record<string, unknown> } } | undefined;
  for (let i = 0; i < 5 && cur; i++) {
    if (cur.shape && typeof cur.shape === 'object') return Object.keys(cur.shape);
    const def = cur._zod?.def;
    cur = (def?.innerType ?? def?.in ?? def?.schema) as typeof cur;
  }
  return [];
}

const asText = (v: unknown) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? ''));
// A lone surrogate cannot be percent-encoded; it goes as U+FFFD.
const enc = (s: string) =>
  encodeURIComponent(
    s.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd'),
  );

/** A path segment: a real id or link, or a broken one (sent encoded, or raw). */
function segmentArb(known: KnownValues): fc.Arbitrary<string> {
  return fc.oneof(
    fc.constantFrom(...known.ids.map(String), ...known.strings),
    fc.constantFrom('0', '-1', '2147483648', '99999999999999999999', 'abc', '1.0', '%00', '%', '%zz', '1e3'),
    fc.constantFrom('x'.repeat(201), '%E5%BC%A0%E4%B8%89', '%20'),
    valueArb(known).map((v) => enc(asText(v)).slice(0, 300) || 'x'),
  );
}

function queryArb(known: KnownValues, keys: string[]): fc.Arbitrary<string> {
  const key = keys.length
    ? fc.oneof(fc.constantFrom(...keys), fc.string({ maxLength: 6 }))
    : fc.string({ maxLength: 6 });
  const value = fc.oneof(
    valueArb(known).map((v) => enc(asText(v)).slice(0, 2000)),
    fc.constantFrom('%', '%zz', '%00', '', '[]', 'a&b'),
  );
  return fc
    .array(fc.tuple(key, value), { maxLength: 5 })
    .map((pairs) => pairs.map(([k, v]) => `${enc(k)}=${v}`).join('&'));
}

export interface FuzzRequest {
  url: string;
  headers: Record<string, string>;
  payload?: string;
}

const contentTypes = [
  'application/json',
  'multipart/form-data',
  'multipart/form-data; boundary=XyZ',
  'text/plain',
  'application/x-www-form-urlencoded',
  'application/octet-stream',
];

function bodyArb(known: KnownValues, keys: string[]) {
  const objectBody = fc
    .record(Object.fromEntries(keys.map((k) => [k, valueArb(known)])), { requiredKeys: [] })
    .chain((o) =>
      fc.option(fc.tuple(fc.string({ maxLength: 6 }), valueArb(known)), { freq: 4 }).map((extra) => {
        const body: Record<string, unknown> = { ...o };
        if (extra) body[extra[0]] = extra[1];
        return { type: 'application/json', text: JSON.stringify(body) };
      }),
    );
  return fc.oneof(
    { weight: 5, arbitrary: objectBody },
    {
      weight: 2,
      arbitrary: valueArb(known).map((v) => ({
        type: 'application/json',
        text: JSON.stringify(v) ?? 'null',
      })),
    },
    {
      weight: 2,
      arbitrary: fc.record({
        type: fc.constantFrom(...contentTypes),
        text: fc.oneof(
          fc.string({ maxLength: 200, unit: 'binary' }),
          fc.constantFrom(
            '{"a":',
            '--XyZ\r\nContent-Disposition: form-data; name="username"\r\n\r\nad',
            '[]',
            '',
          ),
        ),
      }),
    },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );
}

/** One request to the route: its path with generated segments, a query string, and for writes a body. */
export function requestArb(route: RouteOptions, known: KnownValues): fc.Arbitrary<FuzzRequest> {
  const params = route.url.match(/:\w+/g) ?? [];
  const schema = (route.schema ?? {}) as { querystring?: unknown; body?: unknown };
  const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
  return fc
    .record({
      segments: fc.tuple(...params.map(() => segmentArb(known))),
      query: queryArb(known, schemaKeys(schema.querystring)),
      body: hasBody ? bodyArb(known, schemaKeys(schema.body)) : fc.constant(undefined),
    })
    .map(({ segments, query, body }) => {
      let i = 0;
      const path = route.url.replace(/:\w+/g, () => segments[i++] ?? 'x');
      return {
        url: query ? `${path}?${query}` : path,
        headers: body ? { 'content-type': body.type } : ({} as Record<string, string>),
        payload: body?.text,
      };
    });
}
