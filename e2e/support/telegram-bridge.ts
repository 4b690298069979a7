/** How the stand-in client answers the requests a real client answers. */
export type TelegramAnswers =
  /** Every request at once, as a well-behaved client. */
  | 'all'
  /** Every request, `delayMs` late (a slow client). */
  | 'late'
  /** Everything but web_app_request_viewport (a known bug of some Android and desktop builds). */
  | 'no-viewport'
  /** Nothing at all (an old or broken client). */
  | 'none'

export type TelegramBridgeOptions = {
  theme: Record<string, string>
  answers?: TelegramAnswers
  delayMs?: number
  /** The device's safe area the client reports (safe_area_changed). */
  safeArea?: { top: number; bottom: number; left: number; right: number }
}

/**
 * Stands in for the Telegram client: records every event the mini-app posts and answers the
 * requests a real client answers, at once, late, partly or not at all. Installed with
 * page.addInitScript before the app loads.
 */
export function installTelegramBridge(options: TelegramBridgeOptions): void {
  type Recorded = { type: string; data: unknown }
  const { theme, answers = 'all', delayMs = 0 } = options
  const w = window as unknown as {
    __tgEvents: Recorded[]
    TelegramWebviewProxy: { postEvent(type: string, data?: string): void }
    Telegram?: { WebView?: { receiveEvent?(type: string, data: unknown): void } }
  }
  w.__tgEvents = []
  const answer = (type: string, data: unknown) =>
    setTimeout(
      () => w.Telegram?.WebView?.receiveEvent?.(type, data),
      answers === 'late' ? delayMs : 0,
    )
  const viewport = () => ({
    height: innerHeight,
    width: innerWidth,
    is_expanded: true,
    is_state_stable: true,
  })
  const insets = options.safeArea ?? { top: 0, bottom: 0, left: 0, right: 0 }
  const none = { top: 0, bottom: 0, left: 0, right: 0 }
  w.TelegramWebviewProxy = {
    postEvent(type, raw) {
      let data: unknown
      try {
        data = raw ? JSON.parse(raw) : undefined
      } catch {
        data = raw
      }
      w.__tgEvents.push({ type, data })
      if (answers === 'none') return
      if (type === 'web_app_request_theme') answer('theme_changed', { theme_params: theme })
      if (type === 'web_app_request_viewport' && answers !== 'no-viewport')
        answer('viewport_changed', viewport())
      if (type === 'web_app_request_safe_area') answer('safe_area_changed', insets)
      if (type === 'web_app_request_content_safe_area') answer('content_safe_area_changed', none)
    },
  }
}
