import { APP_BRIDGE_METHOD } from '../../contract/app-bridge'

/**
 * Stands in for the exchange app's native bridge (docs/telegram.md): records every call the page
 * makes through window.ExchangeAppBridge.postMessage and answers as the app does, through
 * window.ExchangeAppBridgeCallback. Installed with page.addInitScript before the app loads.
 *
 * The app's login can change while the page lives (it logged the user in again): a token put in
 * sessionStorage under APP_BRIDGE_TOKEN_KEY answers getUserProfile from then on. Every call's
 * method is also appended to sessionStorage under APP_BRIDGE_LOG_KEY, which survives a reload.
 */
export const APP_BRIDGE_TOKEN_KEY = '__appBridgeToken'
export const APP_BRIDGE_LOG_KEY = '__appBridgeLog'

type Answers = {
  token: string | null
  /** The bridge's method names (contract/app-bridge.ts: an init script imports nothing). */
  methods: typeof APP_BRIDGE_METHOD
  tokenKey?: string
  logKey?: string
}

/** The stand-in's argument: the answers, with the method names of the contract. */
export const appBridgeAnswers = (answers: Omit<Answers, 'methods'>): Answers => ({
  ...answers,
  methods: APP_BRIDGE_METHOD,
})

export function installAppBridge(answers: Answers): void {
  type Call = { id: number; method: string; params: unknown }
  const w = window as unknown as {
    __appBridgeCalls: Call[]
    ExchangeAppBridge: { postMessage(message: string): void }
    ExchangeAppBridgeCallback?: (message: string) => void
  }
  w.__appBridgeCalls = []
  w.ExchangeAppBridge = {
    postMessage(message) {
      const call = JSON.parse(message) as Call
      w.__appBridgeCalls.push(call)
      if (answers.logKey) {
        const log = JSON.parse(sessionStorage.getItem(answers.logKey) ?? '[]') as string[]
        sessionStorage.setItem(answers.logKey, JSON.stringify([...log, call.method]))
      }
      const token = (answers.tokenKey && sessionStorage.getItem(answers.tokenKey)) || answers.token
      const result =
        call.method === answers.methods.getUserProfile
          ? token && { uid: 'app-user', token }
          : call.method === answers.methods.getAppConfig
            ? { language: 'en', theme: 'light', appVersion: 'recorded' }
            : null
      setTimeout(() => w.ExchangeAppBridgeCallback?.(JSON.stringify({ id: call.id, result })), 0)
    },
  }
}
