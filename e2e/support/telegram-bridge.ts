/**
 * Stands in for the Telegram client: records every event the mini-app posts and answers the
 * requests a real client answers. Installed with page.addInitScript before the app loads.
 */
export function installTelegramBridge(theme: Record<string, string>): void {
  type Recorded = { type: string; data: unknown }
  const w = window as unknown as {
    __tgEvents: Recorded[]
    TelegramWebviewProxy: { postEvent(type: string, data?: string): void }
    Telegram?: { WebView?: { receiveEvent?(type: string, data: unknown): void } }
  }
  w.__tgEvents = []
  const answer = (type: string, data: unknown) =>
    setTimeout(() => w.Telegram?.WebView?.receiveEvent?.(type, data), 0)
  const viewport = () => ({
    height: innerHeight,
    width: innerWidth,
    is_expanded: true,
    is_state_stable: true,
  })
  const insets = { top: 0, bottom: 0, left: 0, right: 0 }
  w.TelegramWebviewProxy = {
    postEvent(type, raw) {
      let data: unknown
      try {
        data = raw ? JSON.parse(raw) : undefined
      } catch {
        data = raw
      }
      w.__tgEvents.push({ type, data })
      if (type === 'web_app_request_theme') answer('theme_changed', { theme_params: theme })
      if (type === 'web_app_request_viewport') answer('viewport_changed', viewport())
      if (type === 'web_app_request_safe_area') answer('safe_area_changed', insets)
      if (type === 'web_app_request_content_safe_area') answer('content_safe_area_changed', insets)
    },
  }
}
