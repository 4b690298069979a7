// The first data the server inlines into index.html for an earn page (a JSON script tag).
// Dependency-free: the server writes it, the client's query cache hydrates from it.
import type { CoinTuple } from './market.schema'

/** Id of the `<script type="application/json">` element holding the InitialData. */
export const INITIAL_DATA_ELEMENT_ID = 'earn-initial-data'

/**
 * Id of the `<script type="application/json">` element holding the coin list a served view was
 * drawn with (InitialData's coins): its coin icons hydrate from it (src/ui/served-coins.ts).
 */
export const SERVED_COINS_ELEMENT_ID = 'earn-served-coins'

/**
 * An earn call answered ahead of time; the client keys it exactly like its own request: a
 * landing page's cards, or a product page's detail (body as productDetailRequest makes it).
 */
export type PrefetchedCall = {
  call: 'get-homepage-product-cards' | 'get-product-detail'
  body: object
  result: unknown
}

/** `at` (ms since epoch) is when the server read the data; the client ages it from there. */
/**
 * `coins` is the coin list (GET COINS_PATH's result): the served view draws the coin icons
 * from it, and the client's coin list query starts from it.
 */
export type InitialData = { at: number; calls: PrefetchedCall[]; coins?: CoinTuple[] }
