import { test as base, expect, type Page, type Response } from '@playwright/test'
import {
  LIGHT_THEME,
  launchHash,
  serverNowSeconds,
  signInitData,
  type TelegramUser,
} from './telegram'
import { installTelegramBridge, type TelegramBridgeOptions } from './telegram-bridge'

export type PlatformOptions = {
  /** The label the app must detect: pc, h5, pc_tg, ios_tg, android_tg. */
  earnPlatform: string
  /** Set for Telegram projects: the tgWebAppPlatform the client passes. */
  tgWebAppPlatform: string | undefined
  /**
   * Mobile web's download modal (spec §2) covers the page after 400 ms: journeys run as a
   * visitor who has dismissed it for the tab; the download test turns it back on.
   */
  showDownloadPrompt: boolean
}

type Fixtures = {
  /** Opens an app path the way this project's platform opens it (launch params in Telegram). */
  openEarn: (
    path: string,
    options?: {
      tgUser?: TelegramUser
      startParam?: string
      authDate?: number
      /** The stand-in client: the theme it answers with and how it answers. */
      client?: Partial<TelegramBridgeOptions>
      /** tgWebAppThemeParams of the launch URL (the client's theme when not given). */
      launchTheme?: Record<string, string>
      /** tgWebAppVersion: the Bot API version the client supports (8.0 when not given). */
      version?: string
    },
  ) => Promise<void>
  telegramEvents: () => Promise<{ type: string; data: unknown }[]>
}

export const DEFAULT_TG_USER: TelegramUser = {
  id: 5550001,
  first_name: 'Test',
  username: 'e2e_user',
  language_code: 'en',
}

declare global {
  interface Window {
    /** Set by a test in the page: still true later means nothing reloaded or left the document. */
    __sameDocument?: boolean
  }
}

export const test = base.extend<PlatformOptions & Fixtures>({
  // A server-rendered page shows before it is live: a click before hydration would do nothing,
  // as for a user. Like one, tests wait until the page is live after loading a page of the app.
  page: async ({ page, showDownloadPrompt }, use) => {
    if (!showDownloadPrompt)
      await page.addInitScript(() => sessionStorage.setItem('earn/download-dismissed', '1'))
    for (const method of ['goto', 'reload'] as const) {
      const load = page[method].bind(page) as (...args: unknown[]) => Promise<Response | null>
      Object.assign(page, {
        [method]: async (...args: unknown[]) => {
          const response = await load(...args)
          if (response?.headers()['content-type']?.startsWith('text/html'))
            await page.locator('html[data-live]').waitFor({ state: 'attached' })
          return response
        },
      })
    }
    await use(page)
  },
  earnPlatform: ['pc', { option: true }],
  tgWebAppPlatform: [undefined, { option: true }],
  showDownloadPrompt: [false, { option: true }],
  openEarn: async ({ page, tgWebAppPlatform }, use) => {
    await use(async (path, options = {}) => {
      if (!tgWebAppPlatform) {
        await page.goto(path)
        return
      }
      const client = { theme: LIGHT_THEME, ...options.client }
      await page.addInitScript(installTelegramBridge, client)
      const initData = signInitData({
        user: options.tgUser ?? DEFAULT_TG_USER,
        auth_date: await serverNowSeconds(),
        ...(options.startParam ? { start_param: options.startParam } : {}),
        ...(options.authDate ? { auth_date: options.authDate } : {}),
      })
      await page.goto(
        path +
          launchHash(
            tgWebAppPlatform,
            initData,
            options.launchTheme ?? client.theme,
            options.version,
          ),
      )
    })
  },
  telegramEvents: async ({ page }, use) => {
    await use(() =>
      page.evaluate(
        () =>
          (window as unknown as { __tgEvents?: { type: string; data: unknown }[] }).__tgEvents ??
          [],
      ),
    )
  },
})

export { expect }
export type { Page }
