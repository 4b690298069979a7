import type { Page } from '@playwright/test'

export type TelegramEvent = { type: string; data: unknown }

/** A palette like Telegram's night theme. */
export const DARK_THEME = {
  bg_color: '#17212b',
  text_color: '#f5f5f5',
  hint_color: '#708499',
  link_color: '#6ab3f3',
  button_color: '#5288c1',
  button_text_color: '#ffffff',
  secondary_bg_color: '#232e3c',
}

/** What the client sends the app, the way Telegram does: Telegram.WebView.receiveEvent. */
export async function emitTelegramEvent(page: Page, type: string, data?: unknown): Promise<void> {
  // The SDK starts beside the page and installs the receiver once running (after data-live).
  await page.waitForFunction(
    () =>
      typeof (window as unknown as { Telegram?: { WebView?: { receiveEvent?: unknown } } }).Telegram
        ?.WebView?.receiveEvent === 'function',
  )
  await page.evaluate(
    ([t, d]) =>
      (
        window as unknown as {
          Telegram: { WebView: { receiveEvent(type: string, data: unknown): void } }
        }
      ).Telegram.WebView.receiveEvent(t as string, d),
    [type, data] as const,
  )
}

/** The events of one type the app has posted so far, oldest first. */
export async function eventsOfType<T = Record<string, unknown>>(
  page: Page,
  type: string,
): Promise<T[]> {
  return page.evaluate(
    (t) =>
      ((window as unknown as { __tgEvents?: TelegramEvent[] }).__tgEvents ?? [])
        .filter((e) => e.type === t)
        .map((e) => e.data as T),
    type,
  )
}

/** The MainButton as the app last set it (web_app_setup_main_button), or null. */
export async function mainButtonState(page: Page) {
  const all = await eventsOfType<{
    is_visible?: boolean
    is_active?: boolean
    is_progress_visible?: boolean
    text?: string
  }>(page, 'web_app_setup_main_button')
  return all.at(-1) ?? null
}
