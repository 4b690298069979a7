import { APP_BRIDGE_METHOD } from '../../../contract/app-bridge'

/**
 * The exchange app's native bridge (spec §7: get user profile, router push, get app config),
 * behind one typed module. Contract (docs/telegram.md, "Exchange app webview"):
 * - the app injects `window.ExchangeAppBridge.postMessage(message: string)`; a message is the
 *   JSON of `{ id, method, params }`;
 * - it answers by calling `window.ExchangeAppBridgeCallback(message: string)` with the JSON of
 *   `{ id, result }` or `{ id, error: { code, message } }`.
 */

/** What the app says about its signed-in user; token is the session sent as UserToken. */
export type AppUserProfile = { uid: string; token: string; language?: string }
/** The app's settings the page may follow. */
export type AppConfig = { language?: string; theme?: 'light' | 'dark'; appVersion?: string }
/**
 * An app screen of the deep-link table (contract/app-deep-links.ts): its params, the web link's
 * query keys the table passes on (savings' id and type), and the web URL it stands for.
 */
export type RouterPushParams = {
  screen: string
  params?: Record<string, string>
  query?: Record<string, string>
  url: string
}

export type AppBridgeMethods = {
  [APP_BRIDGE_METHOD.getUserProfile]: {
    params: Record<string, never>
    result: AppUserProfile | null
  }
  [APP_BRIDGE_METHOD.routerPush]: { params: RouterPushParams; result: null }
  [APP_BRIDGE_METHOD.getAppConfig]: { params: Record<string, never>; result: AppConfig }
}
export type AppBridgeMethod = keyof AppBridgeMethods

type NativeBridge = { postMessage(message: string): void }
type BridgeWindow = {
  ExchangeAppBridge?: NativeBridge
  ExchangeAppBridgeCallback?: (message: string) => void
}

export class AppBridgeError extends Error {
  override name = 'AppBridgeError'
  constructor(
    message: string,
    readonly code: number,
  ) {
    super(message)
  }
}

/** A call the app never answered counts as failed after this long. */
export const APP_BRIDGE_TIMEOUT_MS = 3000

export type AppBridge = {
  call<M extends AppBridgeMethod>(
    method: M,
    params: AppBridgeMethods[M]['params'],
  ): Promise<AppBridgeMethods[M]['result']>
  getUserProfile(): Promise<AppUserProfile | null>
  routerPush(params: RouterPushParams): Promise<null>
  getAppConfig(): Promise<AppConfig>
}

/** The bridge of this window, or null when the app injected none. */
export function createAppBridge(
  win: BridgeWindow = window as unknown as BridgeWindow,
  timeoutMs = APP_BRIDGE_TIMEOUT_MS,
): AppBridge | null {
  const native = win.ExchangeAppBridge
  if (!native || typeof native.postMessage !== 'function') return null
  let nextId = 1
  const pending = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>()
  win.ExchangeAppBridgeCallback = (message: string) => {
    let reply: { id?: unknown; result?: unknown; error?: { code?: number; message?: string } }
    try {
      reply = JSON.parse(message)
    } catch {
      return
    }
    const waiting = typeof reply.id === 'number' ? pending.get(reply.id) : undefined
    if (!waiting) return
    pending.delete(reply.id as number)
    if (reply.error)
      waiting.reject(
        new AppBridgeError(reply.error.message ?? 'app bridge error', reply.error.code ?? -1),
      )
    else waiting.resolve(reply.result ?? null)
  }

  const call: AppBridge['call'] = (method, params) =>
    new Promise((resolve, reject) => {
      const id = nextId++
      const timer = setTimeout(() => {
        pending.delete(id)
        reject(new AppBridgeError(`${method}: no answer in ${timeoutMs} ms`, -1))
      }, timeoutMs)
      pending.set(id, {
        resolve: (v) => {
          clearTimeout(timer)
          resolve(v as never)
        },
        reject: (e) => {
          clearTimeout(timer)
          reject(e)
        },
      })
      try {
        native.postMessage(JSON.stringify({ id, method, params }))
      } catch (err) {
        pending.delete(id)
        clearTimeout(timer)
        reject(err instanceof Error ? err : new AppBridgeError(String(err), -1))
      }
    })

  return {
    call,
    getUserProfile: () => call(APP_BRIDGE_METHOD.getUserProfile, {}),
    routerPush: (params) => call(APP_BRIDGE_METHOD.routerPush, params),
    getAppConfig: () => call(APP_BRIDGE_METHOD.getAppConfig, {}),
  }
}
