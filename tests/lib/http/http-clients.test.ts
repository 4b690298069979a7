import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiOrigin } from '../../../src/lib/http/api-origin'
import { apiRequest, fillPath } from '../../../src/lib/http/api-client'
import { earnCall } from '../../../src/lib/http/earn-client'
import { SPEC_EARN_CALLS as EARN_CALLS } from '../../../contract/earn-calls'
import { loginRedirect } from '../../../src/lib/http/login-redirect'
import { RequestError } from '../../../src/lib/http/request-error'
import { platformStore } from '../../../src/lib/platform/platform-store'
import { envelopeJson, startHttpFixture } from '../../support/http-fixture'
import { startRealServer, type RealServer } from '../../support/real-server'

let server: RealServer
beforeAll(async () => {
  server = await startRealServer()
}, 60_000)
afterAll(() => server?.close())

const onServer = () => (apiOrigin.origin = server.url)

describe('earn client against the real server', () => {
  it('POSTs get-homepage-product-cards and returns its result', async () => {
    onServer()
    const { cards } = await earnCall('get-homepage-product-cards', { coin: 'USDT' })
    expect(cards.length).toBeGreaterThan(0)
    expect(cards.every((c) => c.coin === 'USDT')).toBe(true)
  })

  it('typed calls read product details from the real server', async () => {
    onServer()
    const { product } = await earnCall('get-product-detail', { product_id: 'flex-usdt' })
    expect(product.product_id).toBe('flex-usdt')
    const { products } = await earnCall('get-product-details', { product_ids: ['flex-usdt'] })
    expect(products.map((p) => p.product_id)).toEqual(['flex-usdt'])
  })

  it('a private call without a session is refused with the login code, and sends to login', async () => {
    onServer()
    const visited: string[] = []
    loginRedirect.navigate = (url) => void visited.push(url)
    const err = (await earnCall('get-positions', {}).catch((e) => e)) as RequestError
    expect(err).toBeInstanceOf(RequestError)
    expect(err.code).toBe(10007)
    expect(visited).toEqual([`/en/login?redirect_url=${encodeURIComponent(location.href)}`])
  })

  it('a refused payload surfaces as a RequestError with the server code and url', async () => {
    onServer()
    const err = (await earnCall('get-homepage-product-cards', { nope: 1 } as object).catch(
      (e) => e,
    )) as RequestError
    expect(err).toBeInstanceOf(RequestError)
    expect(err.code).toBe(10001)
    expect(err.url).toBe(`${server.url}/x-api/s1/byfi/get-homepage-product-cards`)
  })
})

describe('earn client on the wire', () => {
  it('each of the 21 calls POSTs JSON to /x-api/s1/byfi/<call> with the spec headers', async () => {
    const fixture = await startHttpFixture(() => ({ body: envelopeJson(0, { ok: true }) }))
    apiOrigin.origin = fixture.url
    platformStore.platform = 'ios_tg'
    platformStore.userToken = 'tok-1'
    for (const name of EARN_CALLS) {
      await expect(earnCall(name, { probe: name } as never)).resolves.toEqual({ ok: true })
    }
    await fixture.close()
    expect(fixture.requests.map((r) => `${r.method} ${r.url}`)).toEqual(
      EARN_CALLS.map((c) => `POST /x-api/s1/byfi/${c}`),
    )
    const first = fixture.requests[0]!
    expect(JSON.parse(first.body)).toEqual({ probe: 'get-homepage-product-cards' })
    expect(first.headers).toMatchObject({
      lang: 'en',
      usertoken: 'tok-1',
      platform: 'h5',
      'x-user-agent': 'earn-web/ios_tg',
    })
    expect(first.headers['content-type']).toContain('application/json')
    platformStore.platform = 'pc'
    platformStore.userToken = ''
  })
})

describe('generic client', () => {
  it('substitutes :name path parameters and reads the envelope from the real server', async () => {
    onServer()
    await expect(apiRequest('GET', '/:what', { what: 'health' })).resolves.toMatchObject({
      status: 'ok',
    })
  })

  it('fillPath keeps unused params and refuses a missing one', () => {
    expect(fillPath('/a/:id/b/:kind', { id: 'x y', kind: 2, q: 1 })).toEqual({
      path: '/a/x%20y/b/2',
      rest: { q: 1 },
    })
    expect(() => fillPath('/a/:id', {})).toThrow(/:id/)
  })

  it('sends params as the query on GET and DELETE, as a JSON body on POST/PUT/PATCH', async () => {
    const fixture = await startHttpFixture(() => ({ body: envelopeJson(0, 'done') }))
    apiOrigin.origin = fixture.url
    platformStore.inApp = true
    platformStore.userToken = 'app-token'
    await apiRequest('GET', '/items/:id', { id: 7, page: 2 })
    await apiRequest('DELETE', '/items/:id', { id: 7, why: 'x' })
    await apiRequest('POST', '/items', { name: 'a' })
    await apiRequest('PUT', '/items/:id', { id: 7, name: 'b' })
    await apiRequest('PATCH', '/items/:id', { id: 7, name: 'c' })
    // Inside Telegram the session is the Telegram login's token, sent the same way.
    Object.assign(platformStore, { inApp: false, telegram: true, userToken: 'telegram-token' })
    await apiRequest('GET', '/items')
    // On the web (no token) the cookie alone says who calls.
    Object.assign(platformStore, { telegram: false, userToken: '' })
    await apiRequest('GET', '/items')
    await fixture.close()
    const r = fixture.requests
    expect(r.map((x) => `${x.method} ${x.url} ${x.body}`)).toEqual([
      'GET /x-api/items/7?page=2 ',
      'DELETE /x-api/items/7?why=x ',
      'POST /x-api/items {"name":"a"}',
      'PUT /x-api/items/7 {"name":"b"}',
      'PATCH /x-api/items/7 {"name":"c"}',
      'GET /x-api/items ',
      'GET /x-api/items ',
    ])
    expect(r[0]!.headers['content-type']).toBe('application/json')
    expect(r[0]!.headers.usertoken).toBe('app-token')
    expect(r[5]!.headers.usertoken).toBe('telegram-token')
    expect(r[6]!.headers.usertoken).toBeUndefined()
    // The guid header is one random 36-character id, kept in a cookie and reused.
    const guids = new Set(r.map((x) => x.headers.guid))
    expect(guids.size).toBe(1)
    expect([...guids][0]).toMatch(/^[0-9a-f-]{36}$/)
    expect(document.cookie).toContain(`guid_local=${[...guids][0]}`)
  })
})
