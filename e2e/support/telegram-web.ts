import type { FrameLocator, Page } from '@playwright/test'
import { TELEGRAM_WEB } from './tls-proxy'

// Telegram Web (web.telegram.org/k and /a) as the mini-app meets it: a page on another https
// origin that frames the app, launch parameters in the frame's hash, and talks to it by
// postMessage (../shared/TESTING-TELEGRAM.md). The frame is cross-site, so Chromium's default
// settings deny it storage and refuse its third-party cookies.

/** The stand-in client's page: the frame, every event the app posts, and the client's answers. */
export function telegramWebPage(): string {
  return `<!doctype html><html><head><meta charset="utf-8"><title>Telegram Web</title>
<style>body{margin:0;background:#e6ebee;font-family:sans-serif}iframe{border:0;width:390px;height:760px;display:block;margin:20px auto;background:#fff}</style>
</head><body><iframe id="app" allow="clipboard-write"></iframe><script>
var params = new URLSearchParams(location.search)
var frame = document.getElementById('app')
var app = new URL(params.get('app'))
var theme = JSON.parse(params.get('theme') || '{}')
var cloud = {}
window.__tgEvents = []
function answer(eventType, eventData) {
  frame.contentWindow.postMessage(JSON.stringify({ eventType: eventType, eventData: eventData }), app.origin)
}
window.__emit = answer
var insets = { top: 0, bottom: 0, left: 0, right: 0 }
window.addEventListener('message', function (e) {
  if (e.source !== frame.contentWindow) return
  var msg
  try { msg = JSON.parse(e.data) } catch (err) { return }
  var type = msg.eventType, data = msg.eventData || {}
  window.__tgEvents.push({ type: type, data: data })
  if (type === 'web_app_request_theme') answer('theme_changed', { theme_params: theme })
  if (type === 'web_app_request_viewport')
    answer('viewport_changed', { height: frame.clientHeight, width: frame.clientWidth, is_expanded: true, is_state_stable: true })
  if (type === 'web_app_request_safe_area') answer('safe_area_changed', insets)
  if (type === 'web_app_request_content_safe_area') answer('content_safe_area_changed', insets)
  if (type === 'web_app_invoke_custom_method') {
    var p = data.params || {}, result = {}
    if (data.method === 'saveStorageValue') { cloud[p.key] = p.value; result = true }
    if (data.method === 'getStorageValues') (p.keys || []).forEach(function (k) { result[k] = cloud[k] || '' })
    if (data.method === 'getStorageKeys') result = Object.keys(cloud)
    if (data.method === 'deleteStorageValues') { (p.keys || []).forEach(function (k) { delete cloud[k] }); result = true }
    answer('custom_method_invoked', { req_id: data.req_id, result: result })
  }
})
frame.src = app.href
</script></body></html>`
}

/** Opens the app at `appUrl` (launch hash included) in Telegram Web's frame (/k or /a). */
export async function openInTelegramWeb(
  page: Page,
  client: 'web' | 'weba',
  appUrl: string,
  theme: Record<string, string>,
): Promise<FrameLocator> {
  const path = client === 'weba' ? '/a/' : '/k/'
  const query = new URLSearchParams({ app: appUrl, theme: JSON.stringify(theme) })
  await page.goto(`https://${TELEGRAM_WEB}${path}?${query}`)
  return page.frameLocator('#app')
}

/** Events the app posted to Telegram Web, of one type, in order. */
export const telegramWebEvents = (page: Page, type: string) =>
  page.evaluate(
    (t) =>
      (window as unknown as { __tgEvents: { type: string; data: unknown }[] }).__tgEvents
        .filter((e) => e.type === t)
        .map((e) => e.data),
    type,
  )

/** What the client sends the app (a button press, a new theme…). */
export const emitToFrame = (page: Page, type: string, data?: unknown) =>
  page.evaluate(
    ([t, d]) => (window as unknown as { __emit: (t: string, d: unknown) => void }).__emit(t, d),
    [type, data] as const,
  )
