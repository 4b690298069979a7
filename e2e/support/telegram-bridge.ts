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
  /** The device's biometrics (web_app_biometry_*); absent: none (Telegram Desktop). */
  biometry?: { type: 'face' | 'finger'; deviceId: string; authorize?: boolean }
  /** How the client answers web_app_request_file_download. */
  download?: 'downloading' | 'cancelled'
  /** What web_app_check_home_screen answers. */
  homeScreen?: 'unsupported' | 'unknown' | 'added' | 'missed'
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
    /** The test's cloud storage (page.exposeFunction), shared by "devices"; else this page's. */
    __tgCloud?: (method: string, params: Record<string, unknown>) => Promise<unknown>
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
  // The biometric token, the local cloud storage and DeviceStorage outlive reloads, as on a
  // device.
  const bio = options.biometry
  const bioInfo = () => ({
    available: !!bio,
    type: bio?.type ?? 'unknown',
    access_requested: localStorage.getItem('__tgBioAccess') === '1',
    access_granted: localStorage.getItem('__tgBioAccess') === '1',
    token_saved: !!localStorage.getItem('__tgBioToken'),
    device_id: bio?.deviceId ?? '',
  })
  const localCloud = (method: string, params: Record<string, unknown>): unknown => {
    const read = () =>
      JSON.parse(localStorage.getItem('__tgCloud') ?? '{}') as Record<string, string>
    const all = read()
    if (method === 'saveStorageValue') all[params.key as string] = params.value as string
    if (method === 'deleteStorageValues') for (const k of params.keys as string[]) delete all[k]
    localStorage.setItem('__tgCloud', JSON.stringify(all))
    if (method === 'getStorageValues')
      return Object.fromEntries((params.keys as string[]).map((k) => [k, all[k] ?? '']))
    if (method === 'getStorageKeys') return Object.keys(all)
    return true
  }
  function answerNewer(type: string, data: Record<string, unknown>) {
    if (type === 'web_app_biometry_get_info') answer('biometry_info_received', bioInfo())
    if (type === 'web_app_biometry_request_access' && bio) {
      localStorage.setItem('__tgBioAccess', '1')
      answer('biometry_info_received', bioInfo())
    }
    if (type === 'web_app_biometry_update_token') {
      const token = (data.token as string | undefined) ?? ''
      if (token) localStorage.setItem('__tgBioToken', token)
      else localStorage.removeItem('__tgBioToken')
      answer('biometry_token_updated', { status: token ? 'updated' : 'removed' })
    }
    if (type === 'web_app_biometry_request_auth') {
      const token = localStorage.getItem('__tgBioToken')
      answer(
        'biometry_auth_requested',
        bio?.authorize !== false && token ? { status: 'authorized', token } : { status: 'failed' },
      )
    }
    if (type === 'web_app_invoke_custom_method') {
      const { req_id, method, params } = data as {
        req_id: string
        method: string
        params: Record<string, unknown>
      }
      void Promise.resolve(
        w.__tgCloud ? w.__tgCloud(method, params) : localCloud(method, params),
      ).then((result) => answer('custom_method_invoked', { req_id, result }))
    }
    if (type.startsWith('web_app_device_storage_')) {
      // DeviceStorage (Bot API 9.0): the client's own storage for the bot on this device.
      const all = JSON.parse(localStorage.getItem('__tgDevice') ?? '{}') as Record<string, string>
      const { req_id, key, value } = data as { req_id: string; key?: string; value?: string | null }
      if (type === 'web_app_device_storage_get_key')
        return answer('device_storage_key_received', { req_id, value: all[key!] ?? null })
      if (type === 'web_app_device_storage_save_key') {
        if (value === null || value === undefined) delete all[key!]
        else all[key!] = value
        localStorage.setItem('__tgDevice', JSON.stringify(all))
        return answer('device_storage_key_saved', { req_id })
      }
      localStorage.removeItem('__tgDevice')
      return answer('device_storage_cleared', { req_id })
    }
    if (type === 'web_app_request_write_access')
      answer('write_access_requested', { status: 'allowed' })
    if (type === 'web_app_request_file_download')
      answer('file_download_requested', { status: options.download ?? 'downloading' })
    if (type === 'web_app_check_home_screen')
      answer('home_screen_checked', { status: options.homeScreen ?? 'missed' })
    if (type === 'web_app_add_to_home_screen') answer('home_screen_added', {})
    if (type === 'web_app_send_prepared_message') answer('prepared_message_sent', {})
  }
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
      answerNewer(type, (data ?? {}) as Record<string, unknown>)
    },
  }
}
