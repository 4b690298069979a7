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

type Kind = 'mainButton' | 'secondaryButton'

/** The holder that owns each button now: a holder leaving hides it only if still the owner. */
const owners: Record<Kind, object | null> = { mainButton: null, secondaryButton: null }

/** What MainAction uses of either button (the SDK's two have the same shape). */
type NativeButton = {
  isMounted(): boolean
  mount: { (): void; isAvailable(): boolean }
  onClick(fn: () => void): () => void
  setParams(p: {
    text?: string
    isVisible: boolean
    isEnabled?: boolean
    isLoaderVisible: boolean
  }): void
}
const buttonOf = (sdk: Awaited<ReturnType<typeof loadTelegramSdk>>, kind: Kind) =>
  sdk[kind] as unknown as NativeButton

/**
 * A screen's primary action. Inside Telegram it is the client's MainButton (text, enabled,
 * loader while busy) and the in-page button is not rendered, so there are never two; on the web
 * it is the in-page button. The SDK is only touched inside Telegram.
 */
export function MainAction(props: MainActionProps) {
  return <NativeAction kind="mainButton" {...props} />
}

/**
 * A screen's second action (Back in the subscribe sheet's review): Telegram's SecondaryButton
 * (Bot API 7.10) beside the MainButton, else the in-page button.
 */
export function SecondaryAction(props: MainActionProps) {
  return <NativeAction kind="secondaryButton" {...props} />
}

function NativeAction({
  kind,
  text,
  busy = false,
  disabled = false,
  onAction,
  children,
}: MainActionProps & { kind: Kind }) {
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
      (sdk) => {
        const mainButton = buttonOf(sdk, kind)
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
      if (owners[kind] === me && sdk && buttonOf(sdk, kind).isMounted()) {
        owners[kind] = null
        buttonOf(sdk, kind).setParams({ isVisible: false, isLoaderVisible: false })
      }
    }
  }, [native, me, kind])

  useEffect(() => {
    if (!native) return
    let cancelled = false
    void loadTelegramSdk().then((sdk) => {
      const mainButton = buttonOf(sdk, kind)
      if (cancelled || !mainButton.isMounted()) return
      owners[kind] = me
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
  }, [native, me, kind, text, busy, disabled])

  return native ? null : <>{children}</>
}
