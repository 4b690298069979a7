import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { checkLedger, tableChecksums, writeMark } from '../support/db-state'
import { createTestApp, type TestApp } from '../support/test-app'
import { HOST, loginAs } from './support/identity'

// 10,000 random and malformed requests through app.request() (no sockets, no port): the
// app must never answer 5xx, always answer the envelope, and leave the database as it was
// whenever it refuses a call.

const RUNS = 10_000
const OVERSIZED = 'x'.repeat(70 * 1024)

let t: TestApp
let cookie: string
let routes: { method: string; path: string }[]

beforeAll(async () => {
  t = await createTestApp()
  cookie = await loginAs(t, 'kyc2@earn.test')
  // Every concrete route the app serves, read from the app itself (middleware excluded).
  routes = t.app.routes.filter((r) => r.method !== 'ALL')
})
afterAll(() => t?.close())

/** Field names the contract uses, so random bodies reach validation past "unknown field". */
const FIELDS = [
  'product_id',
  'product_ids',
  'amount',
  'order_id',
  'voucher_id',
  'quote_price',
  'leverage',
  'position_id',
  'coin',
  'email',
  'password',
  'init_data',
  'events',
  'keys',
  'project_name',
  'properties',
  'tokenId',
  'limit',
  'cursor',
  'types',
  'product_types',
  'status',
  'record_id',
  'export_start_at',
  'export_end_at',
  'operation',
  'open',
  'days',
  'from_coin',
  'to_coin',
  'op',
  'args',
  'sort',
  'include_closed',
  'obtain_state',
  'obtain_quotas',
  'lang',
  'country_code',
  'parent_member_id',
  'seconds',
]

const nastyString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.constantFrom(
    '',
    ' ',
    '-1',
    '0',
    '1e309',
    'NaN',
    'Infinity',
    '0.000000000000000000001',
    '99999999999999999999999999999999',
    '1.2.3',
    "'; drop table users; --",
    '\u0000',
    '../../etc/passwd',
    '<script>',
    'kyc2@earn.test',
    'Earn-demo-2026',
  ),
)

const value: fc.Arbitrary<unknown> = fc.letrec<{ v: unknown }>((tie) => ({
  v: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    nastyString,
    fc.integer(),
    fc.double(),
    fc.constantFrom(null, true, false, Number.MAX_SAFE_INTEGER, -0, 1e300),
    fc.constantFrom(...['flex-usdt', 'flex-btc', 'fixed-usdt-30', 'no-such-product']),
    fc.array(tie('v'), { maxLength: 4 }),
    fc.dictionary(fc.constantFrom(...FIELDS), tie('v'), { maxKeys: 4 }),
  ),
})).v

const body = fc.oneof(
  fc.constant(undefined),
  fc.dictionary(fc.constantFrom(...FIELDS), value, { maxKeys: 6 }).map((o) => JSON.stringify(o)),
  fc.json({ maxDepth: 3 }),
  fc.string({ maxLength: 200 }),
  fc.constantFrom(
    '{',
    '[]',
    'null',
    '"x"',
    '{"amount":',
    '\uFEFF{}',
    OVERSIZED,
    `{"a":"${OVERSIZED}"}`,
  ),
  fc.uint8Array({ maxLength: 64 }),
)

const contentType = fc.constantFrom(
  undefined,
  'application/json',
  'application/json; charset=utf-8',
  'APPLICATION/JSON',
  'text/plain',
  'multipart/form-data; boundary=x',
  'application/x-www-form-urlencoded',
  'application/json-patch+json',
  '',
)

const segment = fc.oneof(
  fc.string({ maxLength: 12 }).map(encodeURIComponent),
  fc.constantFrom('..', '.', '%00', '%2e%2e', '%', '%zz', 'x-api', 's1', 'byfi', 'ws', '🙂'),
)

type Case = {
  method: string
  path: string
  body: string | Uint8Array | undefined
  contentType: string | undefined
  auth: 'none' | 'cookie' | 'usertoken' | 'garbage'
  crossSite: boolean
  platform?: string
}

const anyMethod = fc.constantFrom(
  'GET',
  'POST',
  'PUT',
  'PATCH',
  'DELETE',
  'HEAD',
  'OPTIONS',
  'PROPFIND',
)
const query = fc.constantFrom(
  '',
  '?',
  '?symbol=',
  '?symbol=301.BTCUSDT&interval=1m&limit=5',
  '?limit=-5&interval=9y',
  '?symbol=301.BTCUSDT&to=abc',
  '?name=EUR',
  '?name=%00',
  '?strategy_id=1001',
  '?strategy_id=9e99',
)

/** Most cases hit a real route with its own method; the rest bend method or path. */
const target = () =>
  fc.oneof(
    {
      weight: 6,
      arbitrary: fc.tuple(fc.constantFrom(...routes), segment, query).map(([r, s, q]) => ({
        method: r.method,
        path: r.path.replace(/:[a-z_]+/g, s) + (r.method === 'GET' ? q : ''),
      })),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(anyMethod, fc.constantFrom(...routes), fc.array(segment, { maxLength: 2 }), query)
        .map(([method, r, extra, q]) => ({
          method,
          path: [r.path.replace(/:[a-z_]+/g, 'x'), ...extra].join('/') + q,
        })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(anyMethod, fc.array(segment, { maxLength: 5 }))
        .map(([method, s]) => ({ method, path: `/x-api/${s.join('/')}` })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(anyMethod, fc.array(segment, { maxLength: 4 }))
        .map(([method, s]) => ({ method, path: `/${s.join('/')}` })),
    },
  )

const request = (): fc.Arbitrary<Case> =>
  fc
    .record({
      target: target(),
      body,
      contentType: fc.oneof({ weight: 4, arbitrary: fc.constant('application/json') }, contentType),
      auth: fc.constantFrom('none', 'cookie', 'cookie', 'usertoken', 'garbage') as fc.Arbitrary<
        Case['auth']
      >,
      crossSite: fc.integer({ min: 0, max: 19 }).map((n) => n === 0),
      platform: fc.option(fc.constantFrom('pc', 'h5', 'ios_tg', 'nonsense', ''), {
        nil: undefined,
      }),
    })
    .map(({ target: t, ...rest }) => ({ ...t, ...rest }))

async function send(c: Case): Promise<Response> {
  const headers: Record<string, string> = { host: HOST }
  if (c.contentType !== undefined) headers['content-type'] = c.contentType
  if (c.auth === 'cookie') headers.cookie = cookie
  if (c.auth === 'usertoken') headers.usertoken = cookie.split('=')[1]!
  if (c.auth === 'garbage') headers.cookie = 'b_t_c_k_local=garbage; other=%%%'
  if (c.crossSite) headers['sec-fetch-site'] = 'cross-site'
  if (c.platform !== undefined) headers.platform = c.platform
  const withBody = c.method !== 'GET' && c.method !== 'HEAD' && c.body !== undefined
  return t.app.request(c.path, {
    method: c.method,
    headers,
    ...(withBody ? { body: c.body as BodyInit } : {}),
  })
}

/**
 * Writes a refusal is documented to leave: failed logins count, refused orders are kept, and an
 * order call is counted in its rate window before it is checked (earn_order_rates).
 */
const ALLOWED_ON_REFUSAL: Record<string, (code: number, path: string) => boolean> = {
  login_failures: (code) => code === 10003 || code === 10006,
  earn_order_rates: (_code, path) => path.startsWith('/x-api/s1/byfi/'),
  earn_orders: (code) => code >= 300 && code < 700,
}

describe('bad input over HTTP', () => {
  it('the change detector sees an accepted write (so "unchanged" below means something)', async () => {
    const before = await writeMark(t.db)
    const snapshot = await tableChecksums(t.db)
    const res = await t.post(
      '/x-api/analytics',
      { events: [{ name: 'fuzz_probe' }] },
      { host: HOST },
    )
    expect(res.body.ret_code).toBe(0)
    expect((await writeMark(t.db)) - before).toBeGreaterThan(1n)
    const after = await tableChecksums(t.db)
    expect(after.analytics_events).not.toBe(snapshot.analytics_events)
    expect({ ...after, analytics_events: '' }).toEqual({ ...snapshot, analytics_events: '' })
  })

  it(`answers ${RUNS.toLocaleString('en')} random and malformed requests without a 5xx, always with the envelope, and refusals change nothing`, async () => {
    const started = Date.now()
    let snapshot = await tableChecksums(t.db)
    let mark = await writeMark(t.db)
    const tally = { refused: 0, accepted: 0, writes: 0, byStatus: new Map<number, number>() }
    await fc.assert(
      fc.asyncProperty(request(), async (c) => {
        const res = await send(c)
        const text = await res.text()
        tally.byStatus.set(res.status, (tally.byStatus.get(res.status) ?? 0) + 1)
        expect(res.status, `${c.method} ${c.path}: ${text}`).toBeLessThan(500)
        let code = 0
        if (c.method !== 'HEAD') {
          const env = JSON.parse(text) as Record<string, unknown>
          expect(typeof env.ret_code, text).toBe('number')
          expect(typeof env.ret_msg, text).toBe('string')
          expect(env, text).toHaveProperty('result')
          code = env.ret_code as number
        }
        if (code === 0 && res.status < 400) tally.accepted++
        else tally.refused++
        // Only a writing transaction moves the mark past our own previous reading of it.
        const before = mark
        mark = await writeMark(t.db)
        if (mark - before <= 1n) return
        tally.writes++
        const after = await tableChecksums(t.db)
        if (code !== 0 || res.status >= 400) {
          for (const table of Object.keys(after)) {
            if (after[table] === snapshot[table]) continue
            expect(
              ALLOWED_ON_REFUSAL[table]?.(code, c.path),
              `${table} changed by refused ${c.method} ${c.path} → ${text}`,
            ).toBe(true)
          }
        }
        snapshot = after
        // A logout through the fuzz ends our session: log in again for the next cases.
        if (
          code === 0 &&
          c.path.includes('/auth/logout') &&
          c.auth !== 'none' &&
          c.auth !== 'garbage'
        ) {
          cookie = await loginAs(t, 'kyc2@earn.test')
          snapshot = await tableChecksums(t.db)
          mark = await writeMark(t.db)
        }
      }),
      { numRuns: RUNS, endOnFailure: true },
    )
    const ledger = await checkLedger(t.db)
    expect(ledger.unbalanced).toEqual([])
    expect(ledger.drifted).toEqual([])
    console.log(
      `[fuzz-http] ${RUNS} requests in ${Date.now() - started} ms: ${tally.accepted} accepted, ${tally.refused} refused, ${tally.writes} wrote; statuses ${JSON.stringify(Object.fromEntries(tally.byStatus))}`,
    )
  }, 120_000)
})
