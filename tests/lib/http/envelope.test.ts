import { afterEach, describe, expect, it, vi } from 'vitest'
import { onComplianceWall } from '../../../src/lib/http/compliance-wall'
import { readEnvelope } from '../../../src/lib/http/envelope'
import { loginRedirect, loginUrl, redirectToLogin } from '../../../src/lib/http/login-redirect'
import { GatewayError, RequestError } from '../../../src/lib/http/request-error'
import { platformStore } from '../../../src/lib/platform/platform-store'
import { sessionStore } from '../../../src/lib/session/session-store'
import { analyticsFlags } from '../../../src/lib/analytics/analytics'
import {
  ANONYMOUS_UID,
  analyticsUserId,
  setAnalyticsUserId,
} from '../../../src/lib/analytics/analytics-user'

const URL_ = '/x-api/s1/byfi/get-positions'
const navigate = vi.fn()
loginRedirect.navigate = navigate
afterEach(() => {
  navigate.mockReset()
  platformStore.inApp = false
})

const fail = (fn: () => unknown) => {
  try {
    fn()
  } catch (err) {
    return err as RequestError
  }
  throw new Error('expected a throw')
}

describe('readEnvelope (spec §8)', () => {
  it('ret_code 0 and retCode 0 both yield result', () => {
    expect(readEnvelope({ ret_code: 0, result: { a: 1 } }, URL_)).toEqual({ a: 1 })
    expect(readEnvelope({ retCode: 0, result: [1] }, URL_)).toEqual([1])
  })

  it('result.status_code 200 passes, any other is a gateway error with that status', () => {
    expect(readEnvelope({ ret_code: 0, result: { status_code: 200, x: 1 } }, URL_)).toEqual({
      status_code: 200,
      x: 1,
    })
    const err = fail(() => readEnvelope({ ret_code: 0, result: { status_code: 502 } }, URL_))
    expect(err).toBeInstanceOf(GatewayError)
    expect((err as GatewayError).status).toBe(502)
  })

  it('status_code 10024 and ret_code 10024 open the compliance wall', () => {
    const seen: string[] = []
    const off = onComplianceWall((d) => seen.push(d.url))
    fail(() => readEnvelope({ ret_code: 0, result: { status_code: 10024 } }, URL_))
    fail(() => readEnvelope({ ret_code: 10024, ret_msg: 'region' }, '/x-api/other'))
    off()
    fail(() => readEnvelope({ ret_code: 10024 }, URL_))
    expect(seen).toEqual([URL_, '/x-api/other'])
  })

  it('other non-zero codes are request errors with ret_msg, code, response and url', () => {
    const body = { ret_code: 302, ret_msg: 'sold out', result: {} }
    const err = fail(() => readEnvelope(body, URL_))
    expect(err).toBeInstanceOf(RequestError)
    expect(err).toMatchObject({ message: 'sold out', code: 302, url: URL_, response: body })
    expect(fail(() => readEnvelope({ retCode: 5, retMsg: 'camel' }, URL_)).message).toBe('camel')
  })

  it.each([null, undefined, '', '<html>502 Bad Gateway</html>'])(
    'a body that is not an envelope (%j) is Non Response!',
    (body) => {
      expect(fail(() => readEnvelope(body, URL_))).toMatchObject({ message: 'Non Response!' })
    },
  )

  it.each([10007, 100007])('%i on a non-profile call sends the user to log in', (code) => {
    history.replaceState(null, '', '/en/earn/savings?x=1')
    const err = fail(() => readEnvelope({ ret_code: code, ret_msg: 'expired' }, URL_))
    expect(err.code).toBe(code)
    expect(navigate).toHaveBeenCalledWith(
      `/en/login?redirect_url=${encodeURIComponent('http://localhost:3000/en/earn/savings?x=1')}`,
    )
  })

  it('10007 on the profile call is a request error, no redirect', () => {
    const err = fail(() =>
      readEnvelope({ ret_code: 10007, ret_msg: 'expired' }, URL_, { profileCall: true }),
    )
    expect(err).toMatchObject({ code: 10007, message: 'expired' })
    expect(navigate).not.toHaveBeenCalled()
  })

  it('the generic client raises an expired login with an empty payload', () => {
    const err = fail(() =>
      readEnvelope({ ret_code: 10007, ret_msg: 'x' }, URL_, { emptyLoginExpiredResponse: true }),
    )
    expect(err.response).toEqual({})
  })
})

describe('login redirect', () => {
  it('builds /{lang}/login?redirect_url=<current page>', () => {
    expect(loginUrl('ar-SA', 'https://x.test/earn?a=b')).toBe(
      '/ar-SA/login?redirect_url=https%3A%2F%2Fx.test%2Fearn%3Fa%3Db',
    )
  })

  it('in the app webview re-fetches the profile and reloads instead, once for calls expiring together', async () => {
    platformStore.inApp = true
    const order: string[] = []
    const saved = { ...loginRedirect }
    loginRedirect.refetchProfile = async () => void order.push('profile')
    loginRedirect.reload = () => void order.push('reload')
    await Promise.all([redirectToLogin(), redirectToLogin(), redirectToLogin()])
    // One answering while the page reloads asks nothing more.
    await redirectToLogin()
    Object.assign(loginRedirect, saved)
    expect(order).toEqual(['profile', 'reload'])
    expect(navigate).not.toHaveBeenCalled()
  })

  it('an expired login resets the session and the stored GA uid: is_login false (issue 26)', async () => {
    sessionStore.userId = 100069
    setAnalyticsUserId(100069)
    expect(analyticsFlags().is_login).toBe(true)
    await redirectToLogin()
    expect(navigate).toHaveBeenCalledOnce()
    expect(sessionStore.userId).toBe(ANONYMOUS_UID)
    expect(analyticsUserId()).toBe(ANONYMOUS_UID)
    expect(analyticsFlags().is_login).toBe(false)
  })
})
