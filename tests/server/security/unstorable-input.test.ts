import fc from 'fast-check'
import { z } from 'zod'
import { afterAll, describe, expect, it } from 'vitest'
import { analyticsBatchRequest } from '../../../contract/analytics.schema'
import { configWebRequest } from '../../../contract/config.schema'
import { earnCallSchemas } from '../../../contract/earn-calls.schema'
import {
  kycInfoRequest,
  loginRequest,
  registerRequest,
  telegramLoginRequest,
} from '../../../contract/identity.schema'
import { quoteTokensRequest } from '../../../contract/market.schema'
import { EARN_PATH, TELEGRAM_LOGIN_PATH } from '../../../contract/paths'
import { BillExportRetCode } from '../../../contract/order-ret-codes'
import { DEMO_PASSWORD } from '../../../server/db/seed-identity'
import { killStartedServers } from '../../support/server-process'
import { fakeBuiltClient, post, securityServerForFile } from './support'

// Issue 24, item 7: clear errors, never 500. A NUL in a string reached PostgreSQL and answered
// 500 (get-product-detail with product_id "\u0000"), and an integer beyond its int4 column
// (parent_member_id up to 2^53) likewise. Every call of the registry, and every other JSON
// route, now gets NULs, lone surrogates and boundary integers in each of its fields: 0 answers
// >= 500, and every unstorable string answers 10001 (bill export: its own 328).

afterAll(() => killStartedServers())

const client = fakeBuiltClient()
afterAll(() => client.remove())
const server = securityServerForFile('demo', { STATIC_DIR: client.dir, TEST_MODE: '0' })

type Route = { path: string; schema: z.ZodType; invalid: number[] }
const earnRoutes: Route[] = Object.entries(earnCallSchemas).map(([name, s]) => ({
  path: `${EARN_PATH}/${name}`,
  schema: s.request as z.ZodType,
  invalid: name.includes('bill') ? [BillExportRetCode.InvalidRequest] : [10001],
}))
const otherRoutes: Route[] = [
  { path: '/v1/auth/login', schema: loginRequest, invalid: [10001] },
  { path: '/v1/auth/register', schema: registerRequest, invalid: [10001] },
  { path: TELEGRAM_LOGIN_PATH, schema: telegramLoginRequest, invalid: [10001] },
  { path: '/analytics', schema: analyticsBatchRequest, invalid: [10001] },
  { path: '/v3/config/web', schema: configWebRequest, invalid: [10001] },
  { path: '/v3/private/kyc/kyc-info', schema: kycInfoRequest, invalid: [10001] },
  { path: '/spot/s_api/basic/quote_tokens', schema: quoteTokensRequest, invalid: [10001] },
]
const ROUTES = [...earnRoutes, ...otherRoutes]

type JsonSchema = {
  type?: string
  properties?: Record<string, JsonSchema>
  required?: string[]
  items?: JsonSchema
  anyOf?: JsonSchema[]
  enum?: unknown[]
  const?: unknown
  minimum?: number
}

/** Values that pass each field's own rules, so a nasty value in one field is the only fault. */
const EXAMPLES: Record<string, unknown> = {
  product_id: 'flex-usdt',
  product_ids: ['flex-usdt'],
  amount: '10',
  position_id: 'pos_1',
  coin: 'USDT',
  from_coin: 'USDT',
  to_coin: 'BTC',
  record_id: '1',
  export_start_at: Math.floor(Date.now() / 1000) - 30 * 86_400,
  export_end_at: Math.floor(Date.now() / 1000) - 86_400,
  device_id: 'device-0001',
  email: 'kyc2@earn.test',
  password: 'Earn-demo-2026x',
  init_data: 'user=%7B%7D&auth_date=1&hash=00',
  project_name: 'earn',
  keys: ['earn_socket_enabled'],
  events: [{ name: 'probe', params: { page: 'home' } }],
  lang: 'en',
  language: 'en',
}

let orderSeq = 0
function sample(key: string, s: JsonSchema): unknown {
  if (key === 'order_id') return `nul-${Date.now()}-${++orderSeq}`
  if (key in EXAMPLES) return EXAMPLES[key]
  if (s.const !== undefined) return s.const
  if (s.enum) return s.enum[0]
  if (s.anyOf) return sample(key, s.anyOf[0]!)
  switch (s.type) {
    case 'string':
      return 'x'
    case 'integer':
    case 'number':
      return s.minimum ?? 1
    case 'boolean':
      return false
    case 'array':
      return [sample(key, s.items ?? {})]
    case 'object':
      return Object.fromEntries(
        (s.required ?? []).map((k) => [k, sample(k, s.properties?.[k] ?? {})]),
      )
    default:
      return 'x'
  }
}

/** Strings no column can hold, and integers at and past the int4, int8 and double edges. */
const UNSTORABLE = ['\u0000', 'flex-usdt\u0000', '\ud800', 'a\udc00b', `x${'\u0000'.repeat(63)}`]
const BOUNDARY_INTS = [
  2 ** 31 - 1,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53,
  -(2 ** 53),
  Number.MAX_SAFE_INTEGER,
  2 ** 63,
  1e21,
]

/** Each field of the route's body (nested ones too: analytics events' names and params). */
function bodiesOf(route: Route, nasty: unknown): { field: string; body: unknown }[] {
  const js = z.toJSONSchema(route.schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema
  const base = sample('', { ...js, required: Object.keys(js.properties ?? {}) }) as Record<
    string,
    unknown
  >
  // Required fields only, plus the one under test: optional ones can change the call's meaning.
  const required = new Set(js.required ?? [])
  const baseBody = Object.fromEntries(Object.entries(base).filter(([k]) => required.has(k)))
  const out = Object.keys(js.properties ?? {}).map((field) => ({
    field,
    body: { ...baseBody, [field]: nasty },
  }))
  if (route.path === '/analytics')
    out.push(
      { field: 'events.0.name', body: { events: [{ name: nasty }] } },
      { field: 'events.0.params', body: { events: [{ name: 'probe', params: { p: nasty } }] } },
      {
        field: 'events.0.params key',
        body: { events: [{ name: 'probe', params: { [String(nasty)]: 1 } }] },
      },
    )
  return out
}

async function login(url: string) {
  const res = await post(url, '/v1/auth/login', {
    email: 'kyc2@earn.test',
    password: DEMO_PASSWORD,
  })
  return res.headers.get('set-cookie')!.split(';')[0]!
}

describe('unstorable strings and boundary integers', () => {
  it('every field of every call: 0 answers >= 500, unstorable strings answer 10001', async () => {
    const { url, output } = server()
    const cookie = await login(url)
    const tally = {
      requests: 0,
      serverErrors: [] as string[],
      notInvalid: [] as string[],
      codes: new Map<number, number>(),
    }
    for (const route of ROUTES)
      for (const nasty of [...UNSTORABLE, ...BOUNDARY_INTS])
        for (const { field, body } of bodiesOf(route, nasty)) {
          const res = await post(url, route.path, body, { cookie })
          tally.requests++
          const code = res.body.ret_code as number
          tally.codes.set(code, (tally.codes.get(code) ?? 0) + 1)
          const what = `${route.path} ${field}=${JSON.stringify(nasty)} → ${res.status} ${code} ${res.body.ret_msg}`
          if (res.status >= 500) tally.serverErrors.push(what)
          if (typeof nasty === 'string' && !route.invalid.includes(code))
            tally.notInvalid.push(what)
        }
    console.log(
      `[security] ${tally.requests} requests to ${ROUTES.length} routes (${earnRoutes.length} earn calls): ${tally.serverErrors.length} answers >= 500, ${tally.notInvalid.length} unstorable strings not refused as invalid; codes ${JSON.stringify(Object.fromEntries(tally.codes))}`,
    )
    expect(tally.serverErrors).toEqual([])
    expect(tally.notInvalid).toEqual([])
    expect(output()).not.toMatch(/unhandled error/)
  }, 600_000)

  it('random strings with NULs and lone surrogates (property): never >= 500', async () => {
    const { url, output } = server()
    const cookie = await login(url)
    const withFault = fc
      .tuple(
        fc.string({ unit: 'binary', maxLength: 20 }),
        fc.constantFrom('\u0000', '\ud83d', '\ude00', '\udbff\u0000'),
        fc.string({ maxLength: 20 }),
      )
      .map(([a, fault, b]) => a + fault + b)
    let runs = 0
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...ROUTES), withFault, fc.nat(), async (route, s, pick) => {
        const bodies = bodiesOf(route, s)
        if (!bodies.length) return
        const { field, body } = bodies[pick % bodies.length]!
        const res = await post(url, route.path, body, { cookie })
        runs++
        expect(res.status, `${route.path} ${field}=${JSON.stringify(s)}`).toBeLessThan(500)
        expect(route.invalid, `${route.path} ${field}=${JSON.stringify(s)}`).toContain(
          res.body.ret_code,
        )
      }),
      { numRuns: 300 },
    )
    console.log(`[security] property: ${runs} random NUL/surrogate strings, 0 answers >= 500`)
    expect(output()).not.toMatch(/unhandled error/)
  }, 600_000)

  it('a page path with a NUL answers 404 and logs no error', async () => {
    const { url, output } = server()
    const before = output().length
    const paths = [
      '/earn/product/%00',
      '/earn/product/a%00b',
      '/en/earn/product/%00',
      '/earn/product/%zz',
    ]
    const statuses = []
    for (const path of paths) {
      const res = await fetch(`${url}${path}`)
      await res.arrayBuffer()
      statuses.push(res.status)
    }
    const logged = output().slice(before)
    console.log(
      `[security] ${paths.join(', ')}: ${statuses.join(', ')}; logged ${JSON.stringify(logged)}`,
    )
    expect(statuses).toEqual(paths.map(() => 404))
    expect(logged).toBe('')
    // A product page that can exist is still served.
    expect((await fetch(`${url}/earn/product/flex-usdt`)).status).toBe(200)
  })
})
