import { mockTelegramEnv } from '@tma.js/sdk-react'

/**
 * Development only (`?tgmock`): pretend to be Telegram Desktop so the mini-app can be opened in
 * a plain browser. The import sits behind `import.meta.env.DEV`, so production bundles drop it.
 */
export function mockTelegramForDevelopment(): void {
  const user = {
    id: 99281932,
    first_name: 'Dev',
    last_name: 'User',
    username: 'dev_user',
    language_code: 'en',
  }
  const initData = new URLSearchParams([
    ['user', JSON.stringify(user)],
    ['auth_date', String(Math.floor(Date.now() / 1000))],
    ['signature', 'dev-signature'],
    ['hash', 'dev-hash-not-valid-on-the-server'],
  ])
  const launch = new URLSearchParams([
    ['tgWebAppPlatform', 'tdesktop'],
    ['tgWebAppVersion', '8.0'],
    ['tgWebAppData', initData.toString()],
    ['tgWebAppThemeParams', JSON.stringify({ bg_color: '#17212b', text_color: '#f5f5f5' })],
  ])
  mockTelegramEnv({ launchParams: launch })
  if (!location.hash.includes('tgWebAppPlatform')) location.hash = launch.toString()
}
