import Decimal from 'decimal.js'
import dayjs from 'dayjs'
import { useTranslation } from 'react-i18next'
import type { ProductDetail } from '../../../../contract/earn.schema'
import { type BenchmarkPrice, type OfferPush } from '../../../../contract/earn-socket'
import { OFFER_TOPIC_OF_TYPE } from '../../../../contract/offer-topics'
import { DualDirection, ProductType } from '../../../../contract/enums'
import {
  DECIMAL_CONTEXT,
  dualScenarios,
  grossAtMaturity,
  PAYOUT_DP,
  RISK_ACK_PRODUCT_TYPES,
} from '../../../../contract/settlement'
import { EarnTopic } from '../../../lib/sockets/earn-socket'
import { usePublicEarnTopic } from '../../../lib/sockets/live-sockets'
import { useServerNow } from '../../../lib/time/server-time'
import { TIME_FORMATS } from '../../../lib/time/time-format'
import { formatAmount } from '../../../lib/format/amount-format'
import { Amount } from '../../../ui/amount'
import { Fact } from '../../../ui/fact'
import { RiskBadge } from '../../../ui/risk-badge'
import { useHydrated } from '../../../lib/hydration/use-hydrated'

/** Where each structured type's live index price is pushed (spec §9 public earn topics). */
const INDEX_TOPIC: Partial<Record<number, string>> = {
  ...OFFER_TOPIC_OF_TYPE,
  [ProductType.Dual]: EarnTopic.DualAssetBenchmarkPrice,
}

/** The settlement's decimal context: the rows are cut exactly where the server cuts. */
const SettlementDecimal = Decimal.clone(DECIMAL_CONTEXT)

/** The amount the scenarios are computed for before the user types one: 1,000 of the coin. */
const REFERENCE_AMOUNT = '1000'

const isStructured = (product: ProductDetail) =>
  RISK_ACK_PRODUCT_TYPES.includes(product.product_type)

function useIndexPrice(product: ProductDetail): string | undefined {
  const push = usePublicEarnTopic<(BenchmarkPrice | OfferPush)[]>(INDEX_TOPIC[product.product_type])
  const offer = product.offer
  if (!push || !offer) return undefined
  if (product.product_type === ProductType.Dual) {
    const symbol = `${offer.base_coin}${offer.quote_coin}`
    return (push as BenchmarkPrice[]).find((b) => b.symbol === symbol)?.price
  }
  return (push as OfferPush[]).find((o) => o.product_id === product.product_id)?.index_price
}

/**
 * What a structured product pays in each outcome, computed with the settlement formula the
 * server's maturity job uses (contract/settlement.ts), for the amount typed (or 1,000 before).
 * Dual asset converts at the target; the other structured types are settled as fixed terms
 * here (principal plus the term's yield whatever the index does; docs/ui.md).
 */
export function OutcomeExplainer({
  product,
  amount,
  compact = false,
}: {
  product: ProductDetail
  /** The amount typed in the subscribe panel ('' before any). */
  amount: string
  /** Inside the subscribe sheet: the scenario table only. */
  compact?: boolean
}) {
  const { t, i18n } = useTranslation()
  const index = useIndexPrice(product)
  // Its settlement time is now plus the term, to the minute: the server's minute need not be
  // the browser's when it hydrates, so the explainer is drawn once the page is live.
  const hydrated = useHydrated()
  const now = useServerNow()
  if (!isStructured(product) || !hydrated) return null
  const offer = product.offer
  const typed = amount !== '' && new Decimal(amount).gt(0)
  const principal = typed ? amount : REFERENCE_AMOUNT
  // A position subscribed now settles term days from now (server: maturity = now + term).
  const settles = dayjs(now).add(product.term_days, 'day').utc()
  // Non-breaking hyphens: a narrow column wraps the sentence, never inside the date.
  const at = {
    time: settles.format('HH:mm'),
    date: settles.format(TIME_FORMATS.date).replace(/-/g, '\u2011'),
  }
  const base = offer?.base_coin ?? product.coin
  const quote = offer?.quote_coin ?? 'USDT'
  const dual = product.product_type === ProductType.Dual && offer?.target_price
  const rows = dual
    ? dualScenarios(SettlementDecimal, {
        principal,
        apr: product.apr,
        termDays: product.term_days,
        direction: offer.direction,
        targetPrice: offer.target_price!,
        investCoin: product.coin,
        baseCoin: offer.base_coin,
        quoteCoin: offer.quote_coin,
      }).map((s) => ({
        key: s.side,
        when: t(`subscribe.outcome.when.${s.side}`, {
          coin: base,
          price: formatAmount(offer.target_price, { digits: PAYOUT_DP, locale: i18n.language }),
          quote,
          ...at,
        }),
        ...s,
      }))
    : [
        {
          key: 'any',
          when: t('subscribe.outcome.when.any', { coin: base, ...at }),
          coin: product.coin,
          amount: grossAtMaturity(
            Decimal,
            principal,
            product.apr,
            product.term_days,
          ).toDecimalPlaces(PAYOUT_DP, Decimal.ROUND_DOWN),
          converted: false,
        },
      ]
  const shown = formatAmount(principal, { digits: PAYOUT_DP, locale: i18n.language })
  // A list of condition → payout rather than a table: on a phone the payout moves under its
  // condition instead of squeezing the sentence into a narrow column.
  const table = (
    <div className="flex flex-col">
      <p className="m-0 pb-2 text-sm text-[var(--earn-hint)]">
        {typed
          ? t('subscribe.outcome.forAmount', { amount: shown, coin: product.coin })
          : t('subscribe.outcome.forReference', { amount: shown, coin: product.coin })}
      </p>
      <dl className="m-0 text-sm" data-testid="outcome-scenarios">
        {rows.map((row) => (
          <div
            key={row.key}
            data-testid="outcome-scenario"
            data-side={row.key}
            data-coin={row.coin}
            data-amount={row.amount.toFixed()}
            className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 border-t border-solid border-[var(--earn-border)] border-x-0 border-b-0 py-2"
          >
            <dt className="min-w-[14rem] flex-1">{row.when}</dt>
            <dd className="m-0 ms-auto whitespace-nowrap font-600">
              <Amount value={row.amount.toFixed()} coin={row.coin} />
            </dd>
          </div>
        ))}
      </dl>
    </div>
  )
  if (compact) return table
  return (
    <section
      aria-labelledby="outcome-title"
      data-testid="outcome-explainer"
      className="flex flex-col gap-3 rounded-xl border border-solid border-[var(--earn-border)] p-4"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="outcome-title" className="m-0 text-lg font-700">
          {t('subscribe.outcome.title')}
        </h2>
        {/* Only dual asset can pay back less than was put in (another coin); the others are
            settled as fixed terms here, so their tag says structured, not principal at risk. */}
        {dual ? (
          <RiskBadge level="high" label={t('subscribe.risk.principalAtRisk')} />
        ) : (
          <RiskBadge level="medium" label={t('subscribe.risk.structured')} />
        )}
      </div>
      <p className="m-0 text-sm text-[var(--earn-hint)]">
        {dual
          ? t(
              offer.direction === DualDirection.BUY_LOW
                ? 'subscribe.outcome.dualBuyLow'
                : 'subscribe.outcome.dualSellHigh',
              { coin: base, invest: product.coin },
            )
          : t('subscribe.outcome.fixed', { coin: base })}
      </p>
      <dl className="m-0 grid grid-cols-1 gap-x-6 sm:grid-cols-3">
        <Fact
          layout="stacked"
          label={t('subscribe.outcome.index', { coin: base })}
          value={<Amount value={index} coin={quote} />}
          testId="outcome-index-price"
        />
        {dual && (
          <Fact
            layout="stacked"
            label={t('products.offer.targetPrice')}
            value={<Amount value={offer.target_price} coin={quote} />}
            testId="outcome-target-price"
          />
        )}
        <Fact
          layout="stacked"
          label={t('subscribe.outcome.settlement')}
          value={
            <span data-testid="outcome-settlement" dir={i18n.dir()}>
              {t('subscribe.outcome.settlesIn', { count: product.term_days, ...at })}
            </span>
          }
        />
      </dl>
      {table}
    </section>
  )
}
