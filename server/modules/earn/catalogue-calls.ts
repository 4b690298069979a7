import type { AppContext } from '../../deps'
import { optionalUser, requireUser } from '../../http/auth'
import { earnCall } from '../../http/earn-call'
import { productDetails, productOrThrow } from './catalogue'
import { assertReleased } from './gray-release'
import { checkAvailability, productsByIds, productsExtraInfo } from './service'

/** The catalogue's earn calls (spec §7). */
export const catalogueCalls = ({
  db,
  clock,
  market,
  cardsCache,
}: Pick<AppContext, 'db' | 'clock' | 'market' | 'cardsCache'>) => [
  // From the product-cards cache: the shared rows from memory, the user's part applied after.
  earnCall('get-homepage-product-cards', async (filter, c) =>
    cardsCache.cards(filter, clock.now(), await optionalUser(c)),
  ),
  earnCall('get-product-detail', async (req, c) => {
    const p = await productOrThrow(db, req.product_id)
    const user = await optionalUser(c)
    await assertReleased(db, p.productType, user)
    const [product] = await productDetails(db, [p], clock.now(), user)
    return { product: product! }
  }),
  earnCall('get-product-details', async (req, c) => {
    const rows = await productsByIds(db, req.product_ids)
    return { products: await productDetails(db, rows, clock.now(), await optionalUser(c)) }
  }),
  earnCall('check-available', async (req, c) =>
    checkAvailability(db, await requireUser(c), req.product_id, clock.now()),
  ),
  earnCall('get-products-extra-info', async (req, c) => ({
    items: await productsExtraInfo(
      { db, market },
      req.product_ids,
      await optionalUser(c),
      clock.now(),
    ),
  })),
]
