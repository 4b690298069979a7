import { useEffect, useRef, useState, type ReactNode } from 'react'
import { isTelegramPlatform } from '../platform/platform'
import { useDrawnPlatform } from '../platform/use-drawn-platform'
import { loadedTelegramSdk, loadTelegramSdk } from './telegram-sdk'

export type MainActionProps = {
  text: string
  /** A call is in flight: the button shows its loader and ignores presses. */
  busy?: boolean
  disabled?: boolean
  onAction: () => void
  /** The in-page button, rendered outside Telegram (or when the client has no MainButton). */
  children: ReactNode
}

/** The holder that owns the MainButton now: a holder leaving hides it only if still the owner. */
let owner: object | null = null

/**
 * A screen's primary action. Inside Telegram it is the client's MainButton (text, enabled,
 * loader while busy) and the in-page button is not rendered, so there are never two; on the web
 * it is the in-page button. The SDK is only touched inside Telegram.
 */
export function MainAction({
  text,
  busy = false,
  disabled = false,
  onAction,
  children,
}: MainActionProps) {
  // Inside Telegram once the page is live (a hydrating render draws what the server drew); off
  // for good when this client has no MainButton.
  const telegram = isTelegramPlatform(useDrawnPlatform())
  const [noMainButton, setNoMainButton] = useState(false)
  const native = telegram && !noMainButton
  const latest = useRef({ busy, disabled, onAction })
  useEffect(() => {
    latest.current = { busy, disabled, onAction }
  })
  const [me] = useState(() => ({}))

  useEffect(() => {
    if (!native) return
    let off: (() => void) | undefined
    let cancelled = false
    void loadTelegramSdk().then(
      ({ mainButton }) => {
        if (cancelled) return
        if (!mainButton.isMounted()) {
          if (!mainButton.mount.isAvailable()) return setNoMainButton(true)
          mainButton.mount()
        }
        off = mainButton.onClick(() => {
          const { busy: b, disabled: d, onAction: act } = latest.current
          if (!b && !d) act()
        })
      },
      () => setNoMainButton(true),
    )
    return () => {
      cancelled = true
      off?.()
      const sdk = loadedTelegramSdk()
      if (owner === me && sdk?.mainButton.isMounted()) {
        owner = null
        sdk.mainButton.setParams({ isVisible: false, isLoaderVisible: false })
      }
    }
  }, [native, me])

  useEffect(() => {
    if (!native) return
    let cancelled = false
    void loadTelegramSdk().then(({ mainButton }) => {
      if (cancelled || !mainButton.isMounted()) return
      owner = me
      mainButton.setParams({
        text,
        isVisible: true,
        isEnabled: !disabled,
        isLoaderVisible: busy,
      })
    })
    return () => {
      cancelled = true
    }
  }, [native, me, text, busy, disabled])

  return native ? null : <>{children}</>
}
