import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { apiOrigin } from '../../../src/lib/http/api-origin'
import { loginRedirect } from '../../../src/lib/http/login-redirect'
import { clearProfileCache, fetchKycInfo, fetchProfile } from '../../../src/lib/http/profile-client'
import { RequestError } from '../../../src/lib/http/request-error'
import { platformStore } from '../../../src/lib/platform/platform-store'
import { sessionStore } from '../../../src/lib/session/session-store'
import { envelopeJson, startHttpFixture, type FixtureReply } from '../../support/http-fixture'
import { startRealServer, type RealServer } from '../../support/real-server'

const PROFILE = { id: 1234567, username: 'alice', lang: 'en' }
loginRedirect.navigate = () => {}

let server: RealServer
beforeAll(async () => {
  server = await startRealServer()
}, 60_000)
afterAll(() => server?.close())
beforeEach(() => clearProfileCache())

const error = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: RequestError) => e,
  )

describe('profile client against the real server (waits on issue 4: identity)', () => {
  it('without a session the profile call is "user no permission" with the login code', async () => {
    apiOrigin.origin = server.url
    const err = await error(fetchProfile())
    expect(err).toBeInstanceOf(RequestError)
    expect(err).toMatchObject({ message: 'user no permission', code: 10007 })
  })

  it('kyc-info without a session is "user no permission"', async () => {
    apiOrigin.origin = server.url
    expect(await error(fetchKycInfo({ obtain_state: true }))).toMatchObject({
      message: 'user no permission',
    })
  })
})

describe('profile client on the wire', () => {
  let replies: Record<string, () => FixtureReply>
  let fixture: Awaited<ReturnType<typeof startHttpFixture>>
  beforeAll(async () => {
    fixture = await startHttpFixture((r) => replies[r.url.split('?')[0]!]!())
  })
  afterAll(() => fixture.close())
  beforeEach(() => {
    apiOrigin.origin = fixture.url
    fixture.requests.length = 0
    replies = {
      '/x-api/v2/private/user/profile': () => ({ body: envelopeJson(0, PROFILE) }),
    }
  })

  it('GETs the profile once, shares it, and records the user id', async () => {
    sessionStore.userId = 0
    const [a, b] = await Promise.all([fetchProfile(), fetchProfile()])
    expect(a).toEqual(PROFILE)
    expect(b).toBe(a)
    await fetchProfile()
    expect(fixture.requests).toHaveLength(1)
    expect(fixture.requests[0]!.method).toBe('GET')
    expect(sessionStore.userId).toBe(PROFILE.id)
    await fetchProfile({ fresh: true })
    expect(fixture.requests).toHaveLength(2)
  })

  it.each([
    ['pc', false, 'pc'],
    ['android_tg', false, 'h5'],
    ['h5', true, 'app'],
  ] as const)('platform %s (app %s) sends Platform %s', async (platform, inApp, header) => {
    platformStore.platform = platform
    platformStore.inApp = inApp
    await fetchProfile()
    const h = fixture.requests[0]!.headers
    expect(h.platform).toBe(header)
    expect(h['x-user-agent']).toBe(`earn-web/${platform}`)
    expect(h.guid).toMatch(/^.{36}$/)
    expect(h['content-type']).toBe('application/json')
    platformStore.platform = 'pc'
    platformStore.inApp = false
  })

  it.each([
    ['an empty body', ''],
    ['a gateway HTML page', '<html><body>502 Bad Gateway</body></html>'],
  ])('%s is Non Response!', async (_name, body) => {
    replies['/x-api/v2/private/user/profile'] = () => ({
      status: 502,
      headers: { 'content-type': body ? 'text/html' : 'application/json' },
      body,
    })
    expect(await error(fetchProfile())).toMatchObject({ message: 'Non Response!' })
  })

  it.each([10007, 100007, 33003, 10009])(
    '%i on another call is "user no permission" and clears the cached profile',
    async (code) => {
      await fetchProfile()
      replies['/x-api/v3/private/kyc/kyc-info'] = () => ({ body: envelopeJson(code, {}, 'x') })
      expect(await error(fetchKycInfo())).toMatchObject({ message: 'user no permission', code })
      await fetchProfile()
      expect(fixture.requests.filter((r) => r.url.includes('profile'))).toHaveLength(2)
    },
  )

  it('33003 on the profile call itself is "user no permission" and keeps nothing cached', async () => {
    replies['/x-api/v2/private/user/profile'] = () => ({ body: envelopeJson(33003, {}, 'x') })
    expect(await error(fetchProfile())).toMatchObject({ message: 'user no permission' })
    replies['/x-api/v2/private/user/profile'] = () => ({ body: envelopeJson(0, PROFILE) })
    await expect(fetchProfile()).resolves.toEqual(PROFILE)
  })

  it('other non-zero codes are "bad business ret_code"', async () => {
    replies['/x-api/v3/private/kyc/kyc-info'] = () => ({ body: envelopeJson(10016, {}, 'boom') })
    expect(await error(fetchKycInfo())).toMatchObject({
      message: 'bad business ret_code',
      code: 10016,
    })
  })

  it('POSTs kyc-info with the obtain flags and returns applicant.level', async () => {
    replies['/x-api/v3/private/kyc/kyc-info'] = () => ({
      body: envelopeJson(0, { applicant: { level: 2 } }),
    })
    const info = await fetchKycInfo({ obtain_state: true, obtain_quotas: false })
    expect(info.applicant.level).toBe(2)
    expect(fixture.requests[0]).toMatchObject({
      method: 'POST',
      body: '{"obtain_state":true,"obtain_quotas":false}',
    })
  })

  it('in the app webview an expired login re-fetches the profile', async () => {
    await loginRedirect.refetchProfile()
    expect(fixture.requests).toHaveLength(1)
  })
})
