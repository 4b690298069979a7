import dayjs from 'dayjs'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { OrderStatus } from '../../../../contract/enums'
import { formatCoinAmount } from '../../../lib/coins/coin-format'
import { orderErrorKey } from '../../../lib/http/error-codes'
import { TIME_FORMATS } from '../../../lib/time/time-format'
import { Sheet } from '../../../ui/sheet'
import { Skeleton, SkeletonGroup } from '../../../ui/skeleton'
import { useCoinDigits } from '../../../lib/earn-data/coins'
import { useOrderDetail } from '../../../lib/earn-data/orders'
import { useOrderTitle } from './order-row'

type Row = { label: string; value: ReactNode; testId?: string }

/** One order in full: ids, amounts in the coin's precision, times, and why it failed. */
export function OrderDetailDialog({ orderId, onClose }: { orderId: string; onClose: () => void }) {
  const { t } = useTranslation()
  const digits = useCoinDigits()
  const title = useOrderTitle()
  const { data, isPending, isError } = useOrderDetail(orderId)
  const o = data?.order
  const amount = (v: string | null, coin: string | null) =>
    v === null ? '--' : `${formatCoinAmount(v, digits(coin ?? ''))} ${coin ?? ''}`
  const time = (s: number) => dayjs.unix(s).format(TIME_FORMATS.dateTime)
  const rows: Row[] = []
  if (o) {
    const add = (label: string, value: ReactNode, testId?: string) =>
      rows.push({ label, value, testId })
    add(t('myEarn.orders.detail.type'), title(o))
    add(t('myEarn.orders.detail.status'), t(`myEarn.orders.status.${o.status}`), 'order-status')
    if (o.status === OrderStatus.Failed && o.fail_code)
      add(t('myEarn.orders.detail.reason'), t(orderErrorKey(o.fail_code)), 'order-reason')
    if (o.liquidity_operation !== null)
      add(
        t('myEarn.orders.detail.operation'),
        t(`myEarn.orders.liquidityOps.${o.liquidity_operation}`),
      )
    if (o.amount !== null)
      add(t('myEarn.orders.detail.amount'), amount(o.amount, o.coin), 'order-detail-amount')
    if (o.yield_paid !== null)
      add(t('myEarn.orders.detail.yieldPaid'), amount(o.yield_paid, o.coin))
    if (o.yield_forfeited !== null && o.yield_forfeited !== '0')
      add(t('myEarn.orders.detail.yieldForfeited'), amount(o.yield_forfeited, o.coin))
    for (const c of o.claimed)
      add(t('myEarn.orders.detail.claimed', { coin: c.coin }), amount(c.amount, c.coin))
    add(t('myEarn.orders.detail.product'), o.product_id ?? '--')
    add(t('myEarn.orders.detail.orderId'), o.order_id, 'order-detail-id')
    add(t('myEarn.orders.detail.created'), time(o.created_at))
    add(t('myEarn.orders.detail.updated'), time(o.updated_at))
  }
  return (
    <Sheet
      open
      onClose={onClose}
      title={t('myEarn.orders.detail.title')}
      closeLabel={t('myEarn.close')}
      desktop="side"
      testId="order-detail"
    >
      {isPending ? (
        <SkeletonGroup label={t('myEarn.loading')} className="flex flex-col gap-3">
          {[0, 1, 2, 3, 4, 5].map((i) => (
            <div key={i} className="flex justify-between gap-4">
              <Skeleton className="h-4 w-24" />
              <Skeleton className="h-4 w-32" />
            </div>
          ))}
        </SkeletonGroup>
      ) : isError ? (
        <p role="alert" className="m-0 text-[var(--earn-negative)]">
          {t('myEarn.orders.detail.missing')}
        </p>
      ) : (
        <dl className="m-0 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
          {rows.map(({ label, value, testId }) => (
            <div key={label} className="contents">
              <dt className="text-[var(--earn-hint)]">{label}</dt>
              <dd className="m-0 min-w-0 break-all text-end" data-testid={testId}>
                <bdi>{value}</bdi>
              </dd>
            </div>
          ))}
        </dl>
      )}
    </Sheet>
  )
}
