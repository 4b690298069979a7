import { useQuery } from '@tanstack/react-query'
import { useSyncExternalStore } from 'react'
import { coinFromTuple } from '../lib/coins/coin'
import { coinsQueryOptions } from '../lib/earn-data/coins'
import { useHydrated } from '../lib/hydration/use-hydrated'
import { imageSrcSet, imageUrl } from '../lib/images/image-url'
import { servedCoins } from './served-coins'

const DARK_QUERY = '(prefers-color-scheme: dark)'

/**
 * Inside Telegram its palette sets <html data-theme> (src/app/telegram); on the web the system
 * setting decides, as the colour tokens do (styles.css).
 */
function isDarkTheme(): boolean {
  const theme = document.documentElement.dataset.theme
  if (theme) return theme === 'dark'
  return window.matchMedia?.(DARK_QUERY).matches ?? false
}

function subscribeToTheme(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange)
  observer.observe(document.documentElement, { attributeFilter: ['data-theme'] })
  const media = window.matchMedia?.(DARK_QUERY)
  media?.addEventListener('change', onChange)
  return () => {
    observer.disconnect()
    media?.removeEventListener('change', onChange)
  }
}

// The server's snapshot is light: the first client render matches it, then switches.
const useDarkTheme = () => useSyncExternalStore(subscribeToTheme, isDarkTheme, () => false)

/**
 * A coin's icon from the coin list (light or dark by theme) through the image resizer's URL
 * (spec §5, §9: quality, format, one candidate per density). The server draws it from the coin
 * list it inlined beside its view, and while that view hydrates the icon is drawn from the same
 * list (servedCoins), whatever the client's query holds by then. Until a list is in, an empty
 * box of the same size holds the place, so nothing moves when it arrives.
 */
export default function CoinIconImage({ coin, size }: { coin: string; size: number }) {
  const dark = useDarkTheme()
  const { data } = useQuery(coinsQueryOptions())
  const hydrated = useHydrated()
  const name = coin.toUpperCase()
  const served = servedCoins()?.find((t) => Array.isArray(t) && t[1] === name)
  // Once hydrated, the client's list; the served one until that list is in.
  const entry =
    (hydrated ? data?.find((c) => c.name === name) : undefined) ?? (served && coinFromTuple(served))
  const src = entry && (dark ? entry.darkIcon : entry.lightIcon)
  const box = { width: size, height: size }
  if (!src) return <span aria-hidden className="inline-block shrink-0" style={box} />
  const resize = { width: size, height: size }
  return (
    <img
      src={imageUrl(src, resize)}
      srcSet={imageSrcSet(src, resize)}
      alt={coin}
      data-testid="coin-icon"
      data-theme-icon={dark ? 'dark' : 'light'}
      className="shrink-0 rounded-full"
      style={box}
      {...box}
      loading="lazy"
      decoding="async"
    />
  )
}
