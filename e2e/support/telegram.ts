import { createHmac } from 'node:crypto'
import { API_PREFIX } from '../../contract/paths'
import { E2E_BASE_URL, E2E_BOT_TOKEN } from './constants'

export type TelegramUser = {
  id: number
  first_name: string
  username?: string
  language_code?: string
  photo_url?: string
}

/**
 * The e2e server's time in unix seconds. Telegram signs a launch with the time it happens: the
 * server's clock, which tests may have moved forward (TEST_MODE), is the world's time here.
 */
export async function serverNowSeconds(baseUrl = E2E_BASE_URL): Promise<number> {
  const health = (await (await fetch(`${baseUrl}${API_PREFIX}/health`)).json()) as {
    time_now: string
  }
  return Math.floor(Number(health.time_now))
}

/**
 * initData signed the way Telegram signs it: hash = HMAC_SHA256(key = HMAC_SHA256('WebAppData',
 * bot_token), data-check-string of every other field sorted by key and joined by \n).
 */
export function signInitData(
  fields: { user: TelegramUser; auth_date?: number; start_param?: string },
  botToken = E2E_BOT_TOKEN,
): string {
  const entries: [string, string][] = [
    ['auth_date', String(fields.auth_date ?? Math.floor(Date.now() / 1000))],
    ['query_id', 'AAHdF6IQAAAAAN0XohDhrOrc'],
    ['user', JSON.stringify(fields.user)],
    // SDK 3.x refuses initData without a signature; any base64url string passes our HMAC check.
    ['signature', 'c2lnbmF0dXJlLWZvci10ZXN0cw'],
  ]
  if (fields.start_param) entries.push(['start_param', fields.start_param])
  const dataCheckString = [...entries]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([k, v]) => `${k}=${v}`)
    .join('\n')
  const secret = createHmac('sha256', 'WebAppData').update(botToken).digest()
  const hash = createHmac('sha256', secret).update(dataCheckString).digest('hex')
  return new URLSearchParams([...entries, ['hash', hash]]).toString()
}

export const LIGHT_THEME = {
  bg_color: '#ffffff',
  text_color: '#000000',
  hint_color: '#707579',
  link_color: '#3390ec',
  button_color: '#3390ec',
  button_text_color: '#ffffff',
  secondary_bg_color: '#f4f4f5',
}

/** The URL hash Telegram opens a mini-app with (tgWebAppData first, as newer clients do). */
export function launchHash(
  tgWebAppPlatform: string,
  initData: string,
  theme: Record<string, string> = LIGHT_THEME,
  version = '8.0',
): string {
  return (
    '#' +
    new URLSearchParams([
      ['tgWebAppData', initData],
      ['tgWebAppVersion', version],
      ['tgWebAppPlatform', tgWebAppPlatform],
      ['tgWebAppThemeParams', JSON.stringify(theme)],
    ]).toString()
  )
}
