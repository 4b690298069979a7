import { useTranslation } from 'react-i18next'
import { RISK_ACK_PRODUCT_TYPES } from '../../../../contract/settlement'
import type { ProductDetail } from '../../../../contract/earn.schema'
import { formatPercent } from '../../../lib/format/percent'

/** The product's APR, or its range when tiers pay up to more ("5.50% – 12.00%"). */
export const aprText = (product: ProductDetail) =>
  product.apr_max && product.apr_max !== product.apr
    ? `${formatPercent(product.apr)} – ${formatPercent(product.apr_max)}`
    : formatPercent(product.apr)

/**
 * The product in one sentence, before its facts (issue 17): what the coin earns, for how
 * long, and where the money goes back to. A structured product points to its outcome table.
 */
export function ProductSummary({ product }: { product: ProductDetail }) {
  const { t } = useTranslation()
  const values = { coin: product.coin, apr: aprText(product), count: product.term_days }
  const text = RISK_ACK_PRODUCT_TYPES.includes(product.product_type)
    ? t('subscribe.summary.structured', values)
    : product.term_days === 0
      ? t('subscribe.summary.flexible', values)
      : t('subscribe.summary.fixed', values)
  return (
    <p className="m-0 text-[var(--earn-hint)]" data-testid="product-summary">
      {text}
    </p>
  )
}
