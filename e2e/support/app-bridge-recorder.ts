/**
 * Stands in for the exchange app's native bridge (docs/telegram.md): records every call the page
 * makes through window.ExchangeAppBridge.postMessage and answers as the app does, through
 * window.ExchangeAppBridgeCallback. Installed with page.addInitScript before the app loads.
 */
export function installAppBridge(answers: { token: string | null }): void {
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
      const result =
        call.method === 'getUserProfile'
          ? answers.token && { uid: 'app-user', token: answers.token }
          : call.method === 'getAppConfig'
            ? { language: 'en', theme: 'light', appVersion: 'recorded' }
            : null
      setTimeout(() => w.ExchangeAppBridgeCallback?.(JSON.stringify({ id: call.id, result })), 0)
    },
  }
}
