import { useSuspenseQuery } from '@tanstack/react-query'
import dayjs from 'dayjs'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { ProductDetail } from '../../../../contract/earn.schema'
import { type BenchmarkPrice, type OfferPush } from '../../../../contract/earn-socket'
import { OFFER_TOPIC_OF_TYPE } from '../../../../contract/offer-topics'
import { DualDirection, ProductType } from '../../../../contract/enums'
import { EarnTopic } from '../../../lib/sockets/earn-socket'
import { usePublicEarnTopic } from '../../../lib/sockets/live-sockets'
import { TIME_FORMATS } from '../../../lib/time/time-format'
import { formatPercent } from '../../../lib/format/percent'
import {
  productCardsQueryOptions,
  type ProductCardsFilter,
} from '../../../lib/earn-data/product-cards'
import { useProductDetails } from '../../../lib/earn-data/product-details'
import { serverNow, useServerNow } from '../../../lib/time/server-time'
import { CandleChart } from './candle-chart'
import GrayReleaseProbe from './gray-release-probe'
import { Fact as UiFact } from '../../../ui/fact'
import { Amount } from '../../../ui/amount'
import { CoinIcon } from '../../../ui/coin-icon'
import { Link, useParams } from '@tanstack/react-router'
import { GrayReleaseScene } from '../../../../contract/gray-release-scenes'

/** The public earn-socket topic that carries each offer type's live terms (spec §9). */
const OFFER_TOPIC = OFFER_TOPIC_OF_TYPE

/** The offer panels' figures: label above value, in a grid. */
const Fact = (props: Omit<Parameters<typeof UiFact>[0], 'layout'>) => (
  <UiFact {...props} layout="stacked" />
)

/** Double-win, discount-buy and future-boost: the offer's terms and its live index and rate. */
function OfferFacts({ p, live }: { p: ProductDetail; live: OfferPush | undefined }) {
  const { t } = useTranslation()
  const offer = p.offer
  const pct = (fraction: string) => formatPercent(fraction, 0)
  return (
    <>
      {offer && (
        <Fact
          label={t('products.offer.indexPrice')}
          value={<Amount value={live?.index_price} coin={offer.quote_coin} />}
          testId="offer-index-price"
        />
      )}
      <Fact label={t('products.apr')} value={formatPercent(live?.apr ?? p.apr)} />
      {offer?.range_pct && (
        <Fact label={t('products.offer.range')} value={`±${pct(offer.range_pct)}`} />
      )}
      {offer?.discount && <Fact label={t('products.offer.discount')} value={pct(offer.discount)} />}
      {offer?.leverage && (
        <Fact label={t('products.offer.leverage')} value={`${offer.leverage}x`} />
      )}
      <Fact
        label={t('subscribe.remainingQuota')}
        value={<Amount value={live?.remaining_quota ?? p.remaining_quota} coin={p.coin} compact />}
      />
    </>
  )
}

/** Server time in seconds (spec §5: the device clock may be off), ticking each second. */
const serverUnix = () => Math.floor(serverNow() / 1000)

function useCountdown(to: number) {
  const [now, setNow] = useState(serverUnix)
  useEffect(() => {
    const timer = setInterval(() => setNow(serverUnix()), 1000)
    return () => clearInterval(timer)
  }, [])
  const s = Math.max(0, to - now)
  return `${Math.floor(s / 86400)}d ${String(Math.floor((s % 86400) / 3600)).padStart(2, '0')}:${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`
}

function LaunchFacts({ p }: { p: ProductDetail }) {
  const { t } = useTranslation()
  const countdown = useCountdown(p.subscribe_start_at)
  return (
    <>
      {p.stage !== null && (
        <Fact label={t('products.offer.stage')} value={t(`products.stage.${p.stage}`)} />
      )}
      {p.subscribe_start_at > serverUnix() && (
        <Fact label={t('products.offer.startsIn')} value={countdown} testId="launch-countdown" />
      )}
      <Fact
        label={t('products.offer.poolSize')}
        value={<Amount value={p.total_quota} coin={p.coin} compact />}
      />
    </>
  )
}

/**
 * A pool's row on the liquidity page is its only entry (no card beside it): the pair with its
 * icon, and the way to the pool's page to add liquidity.
 */
function PoolHeading({ p }: { p: ProductDetail }) {
  const { t } = useTranslation()
  const { locale } = useParams({ strict: false })
  const base = p.offer?.base_coin ?? p.coin
  return (
    <div className="flex flex-wrap items-center gap-3">
      <CoinIcon coin={base} size={32} />
      <h3 className="m-0 flex-1 text-base font-600" dir="ltr">
        {p.offer ? `${p.offer.base_coin}/${p.offer.quote_coin}` : p.coin}
      </h3>
      <Link
        to="/{-$locale}/earn/product/$productId"
        params={{ locale, productId: p.product_id }}
        data-testid="pool-link"
        className="inline-flex min-h-11 items-center rounded-lg bg-[var(--earn-accent)] px-4 font-600 text-[var(--earn-accent-text)] no-underline"
      >
        {t('liquidity.addLiquidity')}
      </Link>
    </div>
  )
}

/**
 * What each exotic product type needs beside its card: dual asset (target, direction,
 * settlement, live benchmark, candles), launchpool (stage, countdown, pool), liquidity
 * (pair, APR, leverage), double-win / discount-buy / future boost (live index and rate, range,
 * discount or leverage, quota).
 */
export function ProductTypePanel({
  productTypes,
  request = { product_types: [...productTypes] },
}: {
  productTypes: readonly ProductType[]
  /** The page's cards request, so the panel reads the list's own query (one request). */
  request?: ProductCardsFilter
}) {
  const { t } = useTranslation()
  const now = useServerNow()
  const { data } = useSuspenseQuery(productCardsQueryOptions(request))
  const ids = data.cards
    .filter((c) => productTypes.includes(c.product_type))
    .map((c) => c.product_id)
  const { data: details } = useProductDetails(ids)
  const isDual = productTypes.includes(ProductType.Dual)
  const isLaunch = productTypes.includes(ProductType.Launch)
  const benchmarks = usePublicEarnTopic<BenchmarkPrice[]>(
    isDual ? EarnTopic.DualAssetBenchmarkPrice : undefined,
  )
  const offers = usePublicEarnTopic<OfferPush[]>(OFFER_TOPIC[productTypes[0]!])
  // Launchpool is gray-released (launchpool_show): its facts follow the same rule as its cards.
  const [released, setReleased] = useState(!isLaunch)
  const probe = isLaunch && (
    <GrayReleaseProbe scene={GrayReleaseScene.LaunchpoolShow} onResult={setReleased} />
  )
  if (!details || !released) return probe || null
  return (
    <div className="flex flex-col gap-3">
      {probe}
      {details.products.map((p) => {
        const symbol = p.offer ? `${p.offer.base_coin}${p.offer.quote_coin}` : ''
        const benchmark = benchmarks?.find((b) => b.symbol === symbol)?.price
        return (
          <section
            key={p.product_id}
            data-testid="product-type-facts"
            data-product-id={p.product_id}
            aria-label={`${t(`products.types.${p.product_type}`)} ${p.coin}`}
            className="flex flex-col gap-3 rounded-xl border border-solid border-[var(--earn-border)] p-4"
          >
            {p.product_type === ProductType.Liquidity && <PoolHeading p={p} />}
            <dl className="m-0 grid grid-cols-2 gap-3 md:grid-cols-4">
              {p.product_type === ProductType.Dual && p.offer && (
                <>
                  <Fact
                    label={t('products.offer.targetPrice')}
                    value={<Amount value={p.offer.target_price} coin={p.offer.quote_coin} />}
                  />
                  <Fact
                    label={t('products.offer.direction')}
                    value={t(`products.direction.${p.offer.direction ?? DualDirection.UNKNOWN}`)}
                  />
                  <Fact
                    label={t('products.offer.settlement')}
                    value={dayjs(now).add(p.term_days, 'day').format(TIME_FORMATS.date)}
                  />
                  <Fact
                    label={t('products.offer.benchmark')}
                    value={<Amount value={benchmark} coin={p.offer.quote_coin} hideCoin />}
                    testId="benchmark-price"
                  />
                </>
              )}
              {p.product_type === ProductType.Launch && <LaunchFacts p={p} />}
              {OFFER_TOPIC[p.product_type as ProductType] && (
                <OfferFacts p={p} live={offers?.find((o) => o.product_id === p.product_id)} />
              )}
              {p.product_type === ProductType.Liquidity && (
                <>
                  <Fact
                    label={t('products.offer.pair')}
                    value={p.offer ? `${p.offer.base_coin}/${p.offer.quote_coin}` : p.coin}
                  />
                  <Fact label={t('products.apr')} value={formatPercent(p.apr)} />
                  <Fact
                    label={t('products.offer.leverage')}
                    value={p.offer?.leverage ? `${p.offer.leverage}x` : '1x'}
                  />
                </>
              )}
            </dl>
            {p.product_type === ProductType.Dual && symbol && <CandleChart symbol={symbol} />}
          </section>
        )
      })}
    </div>
  )
}
