/**
 * The exchange app's native bridge (our convention, docs/telegram.md): the methods a page calls
 * through `window.ExchangeAppBridge.postMessage` with the JSON of `{ id, method, params }`.
 * Dependency-free; read by the client's bridge and by the tests' stand-in for the app.
 */
export const APP_BRIDGE_METHOD = {
  getUserProfile: 'getUserProfile',
  routerPush: 'routerPush',
  getAppConfig: 'getAppConfig',
} as const
