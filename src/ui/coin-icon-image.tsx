import { useQuery } from '@tanstack/react-query'
import { useSyncExternalStore } from 'react'
import { coinsQueryOptions } from '../lib/earn-data/coins'
import { imageSrcSet, imageUrl } from '../lib/images/image-url'

/** Telegram's palette sets <html data-theme> (src/app/telegram); the web page is light. */
const isDarkTheme = () => document.documentElement.dataset.theme === 'dark'

function subscribeToTheme(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange)
  observer.observe(document.documentElement, { attributeFilter: ['data-theme'] })
  return () => observer.disconnect()
}

const useDarkTheme = () => useSyncExternalStore(subscribeToTheme, isDarkTheme, () => false)

/**
 * A coin's icon from the coin list (light or dark by theme) through the image resizer's URL
 * (spec §5, §9: quality, format, one candidate per density). Until the list is in, an empty
 * box of the same size holds the place, so nothing moves when it arrives.
 */
export default function CoinIconImage({ coin, size }: { coin: string; size: number }) {
  const dark = useDarkTheme()
  const { data } = useQuery(coinsQueryOptions())
  const entry = data?.find((c) => c.name === coin.toUpperCase())
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
