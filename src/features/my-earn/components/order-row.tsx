import { memo } from 'react'
import { useTranslation } from 'react-i18next'
import type { OrderListItem } from '../../../../contract/earn-order.schema'
import { OrderStatus, ProductType } from '../../../../contract/enums'
import { formatCoinAmount } from '../../../lib/coins/coin-format'
import type { Coin } from '../../../lib/coins/coin'
import { orderErrorKey } from '../../../lib/http/error-codes'
import { CoinIcon } from '../../../ui/coin-icon'
import { StatusChip, type StatusTone } from '../../../ui/status-chip'
import { DateTime } from '../../../ui/date-time'

const STATUS_TONE: Record<string, StatusTone> = {
  [OrderStatus.InProgress]: 'warning',
  [OrderStatus.Success]: 'positive',
  [OrderStatus.Failed]: 'negative',
}

/** What an order was, for a title: "Subscribe · Flexible Savings". */
export function useOrderTitle() {
  const { t } = useTranslation()
  return (o: Pick<OrderListItem, 'action' | 'product_type'>) =>
    [
      // A subscription to a liquidity pool is an Add (spec §4 operation 1).
      o.action === 'pay' && o.product_type === ProductType.Liquidity
        ? t('myEarn.liquidity.add')
        : t(`myEarn.orders.actions.${o.action}`),
      o.product_type !== null ? t(`products.types.${o.product_type}`) : null,
    ]
      .filter(Boolean)
      .join(' · ')
}

/** One order: what, when, how much, and its status (a failed one says why). Opens the detail. */
export const OrderRow = memo(function OrderRow({
  order: o,
  digits,
  onOpen,
}: {
  order: OrderListItem
  digits: Pick<Coin, 'name' | 'assetDigits'>
  onOpen: (orderId: string) => void
}) {
  const { t } = useTranslation()
  const title = useOrderTitle()(o)
  return (
    <li
      data-testid="order"
      data-order-id={o.order_id}
      data-status={o.status}
      // A line between rows, none under the last (the list's own border closes it).
      className="border-b border-solid border-[var(--earn-border)] border-x-0 border-t-0 last:border-b-0"
    >
      <button
        type="button"
        onClick={() => onOpen(o.order_id)}
        // Wraps: where a long amount would leave the title less than 8rem (a 320 px phone),
        // the amount and status go under it, at the end, rather than squeeze it; the title wraps
        // rather than lose the product to an ellipsis.
        className="flex flex-wrap w-full cursor-pointer items-center justify-between gap-x-2 gap-y-1 border-none bg-transparent px-3 py-3 sm:gap-x-3 sm:px-4 text-start text-[var(--earn-text)] [font:inherit]"
      >
        {o.coin ? <CoinIcon coin={o.coin} size={24} /> : null}
        <span className="min-w-[8rem] flex-1">
          <span className="block font-600" data-testid="order-title">
            {title}
          </span>
          <span className="block truncate text-xs text-[var(--earn-hint)]" dir="ltr">
            <DateTime unix={o.created_at} />
          </span>
        </span>
        <span className="ms-auto flex min-w-0 flex-col items-end text-end">
          <span className="block whitespace-nowrap font-600" dir="ltr" data-testid="order-amount">
            {o.amount !== null ? `${formatCoinAmount(o.amount, digits)} ${o.coin ?? ''}` : '--'}
          </span>
          <StatusChip
            tone={STATUS_TONE[o.status] ?? 'neutral'}
            className="ms-auto mt-1 max-w-full overflow-hidden text-ellipsis"
          >
            {o.status === OrderStatus.Failed && o.fail_code
              ? t(orderErrorKey(o.fail_code))
              : t(`myEarn.orders.status.${o.status}`)}
          </StatusChip>
        </span>
      </button>
    </li>
  )
})
