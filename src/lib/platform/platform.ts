/** Client platform labels (spec §1). */
export const PLATFORMS = ['pc', 'h5', 'pc_tg', 'ios_tg', 'android_tg'] as const
export type Platform = (typeof PLATFORMS)[number]

const TELEGRAM_MOBILE: Record<string, Platform> = {
  ios: 'ios_tg',
  android: 'android_tg',
  android_x: 'android_tg',
}

/** tgWebAppPlatform → label: ios → ios_tg; android, android_x → android_tg; any other → pc_tg. */
export function platformFromTelegram(tgWebAppPlatform: string): Platform {
  return TELEGRAM_MOBILE[tgWebAppPlatform] ?? 'pc_tg'
}

const MOBILE_UA = /Android|webOS|iPhone|iPad|iPod|BlackBerry|IEMobile|Opera Mini|Mobile|HarmonyOS/i

/** Mobile detection is by user agent (spec §1). */
export function isMobileUserAgent(userAgent: string): boolean {
  return MOBILE_UA.test(userAgent)
}

export function detectPlatform(input: {
  tgWebAppPlatform?: string | null
  userAgent: string
}): Platform {
  if (input.tgWebAppPlatform) return platformFromTelegram(input.tgWebAppPlatform)
  return isMobileUserAgent(input.userAgent) ? 'h5' : 'pc'
}

export const isTelegramPlatform = (p: Platform) => p.endsWith('_tg')
