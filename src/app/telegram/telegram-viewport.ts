import { on, viewport } from '@tma.js/sdk-react'

/** How long the start waits for the client's viewport and safe areas before doing without. */
export const TELEGRAM_ANSWER_TIMEOUT_MS = 1500

type Insets = { top: number; bottom: number; left: number; right: number }

const px = (value: number) => `${Math.max(0, value)}px`
const setVar = (name: string, value: string) =>
  document.documentElement.style.setProperty(name, value)
const setInsets = (prefix: string, insets: Insets) => {
  for (const side of ['top', 'bottom', 'left', 'right'] as const)
    setVar(`${prefix}-${side}`, px(insets[side]))
}

/**
 * The client's answers, applied whenever they come, to the variables `viewport.bindCssVars()`
 * binds (styles.css maps them to --earn-viewport-height and --earn-safe-*): what a client
 * that answers late, or answers some requests and not others, still gets. Returns the
 * unsubscribe.
 */
function followViewportEvents(): () => void {
  const offs = [
    on('viewport_changed', ({ height, width, is_state_stable }) => {
      setVar('--tg-viewport-height', px(height))
      if (width) setVar('--tg-viewport-width', px(width))
      if (is_state_stable) setVar('--tg-viewport-stable-height', px(height))
    }),
    on('safe_area_changed', (insets) => setInsets('--tg-viewport-safe-area-inset', insets)),
    on('content_safe_area_changed', (insets) =>
      setInsets('--tg-viewport-content-safe-area-inset', insets),
    ),
  ]
  return () => offs.forEach((off) => off())
}

/**
 * Viewport and safe areas without waiting for them: until the client answers (and when it never
 * does, a known bug of some Android and desktop builds) the page has the window's size and no
 * insets (styles.css's fallbacks). The SDK's mount gets TELEGRAM_ANSWER_TIMEOUT_MS; when it
 * completes it binds the variables itself, else the events keep applying late answers.
 */
export function startViewport(): void {
  if (!viewport.mount.isAvailable()) return
  viewport.expand.ifAvailable()
  const unfollow = followViewportEvents()
  viewport.mount({ timeout: TELEGRAM_ANSWER_TIMEOUT_MS }).then(
    () => {
      unfollow()
      viewport.bindCssVars.ifAvailable()
    },
    (err: unknown) =>
      console.warn('[telegram] no viewport answer yet: window size and no insets until one', err),
  )
}
