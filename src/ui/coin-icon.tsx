import { Suspense } from 'react'
import { lazyUntilLoaded } from '../lib/loading/import-until-loaded'

// The icon, the image URL rules and the coin list query are their own chunk: the first view
// holds a box of the icon's size, so nothing moves when the icon arrives.
const CoinIconImage = lazyUntilLoaded(() => import('./coin-icon-image'))

/** A coin's icon (light or dark by theme), `size` px square; see coin-icon-image.tsx. */
export function CoinIcon({ coin, size = 24 }: { coin: string; size?: number }) {
  const box = (
    <span aria-hidden className="inline-block shrink-0" style={{ width: size, height: size }} />
  )
  return (
    <Suspense fallback={box}>
      <CoinIconImage coin={coin} size={size} />
    </Suspense>
  )
}
