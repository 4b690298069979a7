import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { APP_BRIDGE_METHOD } from '../../../contract/app-bridge'
import { APP_SCREEN, EARN_TYPE_PARAM } from '../../../contract/app-deep-links'
import { ProductType } from '../../../contract/enums'
import { appConfig, startAppWebview } from '../../../src/lib/app-bridge/app-webview'
import { loginRedirect, redirectToLogin } from '../../../src/lib/http/login-redirect'
import { platformStore } from '../../../src/lib/platform/platform-store'

type Message = { id: number; method: string; params: unknown }
type BridgeWindow = Window & {
  ExchangeAppBridge?: { postMessage(message: string): void }
  ExchangeAppBridgeCallback?: (message: string) => void
}
const win = window as BridgeWindow

/** The app's native side: records each call and answers it as the app would. */
const sent: Message[] = []
const ANSWERS: Record<string, unknown> = {
  [APP_BRIDGE_METHOD.getUserProfile]: { uid: 'u1', token: 'token-from-app' },
  [APP_BRIDGE_METHOD.getAppConfig]: { language: 'en', theme: 'dark' },
  [APP_BRIDGE_METHOD.routerPush]: null,
}
beforeAll(() => {
  win.ExchangeAppBridge = {
    postMessage: (raw) => {
      const message = JSON.parse(raw) as Message
      sent.push(message)
      const result = ANSWERS[message.method]
      setTimeout(() => win.ExchangeAppBridgeCallback!(JSON.stringify({ id: message.id, result })))
    },
  }
})
afterAll(() => {
  delete win.ExchangeAppBridge
})

/** Clicks a link and says whether the app webview took the click (default prevented). */
function click(href: string): boolean {
  const link = document.createElement('a')
  link.href = href
  link.textContent = href
  document.body.append(link)
  // Bubbles after the webview's capture listener (unless it stopped the click): record its
  // verdict, then keep jsdom from navigating.
  let reached = false
  let preventedBefore = false
  const after = (e: Event) => {
    reached = true
    preventedBefore = e.defaultPrevented
    e.preventDefault()
  }
  document.addEventListener('click', after)
  const event = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 })
  link.dispatchEvent(event)
  document.removeEventListener('click', after)
  link.remove()
  return reached ? preventedBefore : event.defaultPrevented
}

describe('startAppWebview', () => {
  it('from 3.6.1: the bridge gives the token and config, and takes other exchange screens', async () => {
    const bridge = await startAppWebview('3.6.1')
    expect(bridge).not.toBeNull()
    expect(platformStore).toMatchObject({
      inApp: true,
      appVersion: '3.6.1',
      appBridge: true,
      userToken: 'token-from-app',
    })
    expect(appConfig).toEqual({ language: 'en', theme: 'dark' })

    // Every page of the deep-link table goes through router push, earn pages included.
    expect(click('/en/login')).toBe(true)
    await vi.waitFor(() => expect(sent.at(-1)?.method).toBe(APP_BRIDGE_METHOD.routerPush))
    expect(sent.at(-1)!.params).toEqual({
      screen: APP_SCREEN.login,
      url: new URL('/en/login', location.href).href,
    })
    const savings = '/ar-SA/earn/savings?id=flex-usdt&type=6'
    expect(click(savings)).toBe(true)
    await vi.waitFor(() =>
      expect(sent.at(-1)?.params).toMatchObject({ url: expect.stringContaining('savings') }),
    )
    expect(sent.at(-1)!.params).toEqual({
      screen: APP_SCREEN.earnProductList,
      params: { [EARN_TYPE_PARAM]: String(ProductType.Flexible) },
      query: { id: 'flex-usdt', type: '6' },
      url: new URL(savings, location.href).href,
    })
    // Unmapped earn pages stay in the webview.
    const pushes = sent.length
    expect(click('/earn/my-earn')).toBe(false)
    expect(click('/earn/product/flex-usdt')).toBe(false)
    expect(sent).toHaveLength(pushes)

    // An expired login re-reads the user from the app (not the server's profile: its token
    // has expired), then reloads.
    ANSWERS[APP_BRIDGE_METHOD.getUserProfile] = { uid: 'u1', token: 'fresh-token' }
    const saved = { ...loginRedirect }
    const serverProfile = vi.fn(async () => undefined)
    const reload = vi.fn()
    Object.assign(loginRedirect, { refetchProfile: serverProfile, reload })
    const asked = sent.length
    await redirectToLogin()
    Object.assign(loginRedirect, saved)
    expect(sent.slice(asked).map((m) => m.method)).toEqual([APP_BRIDGE_METHOD.getUserProfile])
    expect(platformStore.userToken).toBe('fresh-token')
    expect(reload).toHaveBeenCalledOnce()
    expect(serverProfile).not.toHaveBeenCalled()
  })

  it('below 3.6.1: no bridge, and an expired login goes to the web login page', async () => {
    const navigate = vi.spyOn(loginRedirect, 'navigate').mockImplementation(() => {})
    const calls = sent.length
    expect(await startAppWebview('3.6.0')).toBeNull()
    expect(platformStore).toMatchObject({ inApp: true, appVersion: '3.6.0', appBridge: false })
    expect(sent).toHaveLength(calls)
    loginRedirect.reload()
    expect(navigate).toHaveBeenCalledWith(expect.stringMatching(/^\/en\/login\?redirect_url=/))
    navigate.mockRestore()
  })
})
