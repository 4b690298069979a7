import Decimal from 'decimal.js'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { Position } from '../../../../contract/earn-account.schema'
import { formatCoinAmount } from '../../../lib/coins/coin-format'
import { useServerNow } from '../../../lib/time/server-time'
import { Button } from '../../../ui/button'
import { Sheet } from '../../../ui/sheet'
import { useCoinDigits } from '../../../lib/earn-data/coins'
import { newActionId } from '../../../lib/earn-data/action-id'
import { useRedeem } from '../api/redeem'
import { actionErrorKey } from '../model/action-errors'
import { isEarlyRedeem } from '../model/position-kind'

/** Redeem confirmation: what comes back, and for an early fixed-term exit what is given up. */
export function RedeemDialog({ position, onClose }: { position: Position; onClose: () => void }) {
  const { t } = useTranslation()
  const digits = useCoinDigits()(position.coin)
  // One id per opened dialog: pressing confirm again after a timeout cannot redeem twice.
  const [orderId] = useState(() => newActionId('redeem'))
  const redeem = useRedeem()
  const early = isEarlyRedeem(position, useServerNow() / 1000)
  const amount = (v: string) => `${formatCoinAmount(v, digits)} ${position.coin}`
  const receive = early
    ? position.principal
    : new Decimal(position.principal).plus(position.claimable_yield).toFixed()
  const done = redeem.isSuccess
  return (
    <Sheet
      open
      onClose={onClose}
      title={t('myEarn.redeem.title', { coin: position.coin })}
      closeLabel={t('myEarn.close')}
      testId="redeem-dialog"
    >
      {done ? (
        <div className="flex flex-col gap-4" data-testid="redeem-success">
          <p role="status" className="m-0">
            {t('myEarn.redeem.done', {
              amount: amount(
                new Decimal(redeem.data.principal).plus(redeem.data.yield_paid).toFixed(),
              ),
            })}
          </p>
          <Button block onClick={onClose}>
            {t('myEarn.done')}
          </Button>
        </div>
      ) : (
        <div className="flex flex-col gap-4">
          <dl className="m-0 grid grid-cols-[1fr_auto] gap-x-4 gap-y-2 text-sm">
            <dt className="text-[var(--earn-hint)]">{t('myEarn.position.principal')}</dt>
            <dd className="m-0 text-end" dir="ltr">
              {amount(position.principal)}
            </dd>
            <dt className="text-[var(--earn-hint)]">{t('myEarn.position.claimable')}</dt>
            <dd className="m-0 text-end" dir="ltr">
              {amount(position.claimable_yield)}
            </dd>
            <dt className="font-600">{t('myEarn.redeem.receive')}</dt>
            <dd className="m-0 text-end font-600" dir="ltr" data-testid="redeem-receive">
              {amount(receive)}
            </dd>
          </dl>
          {early && (
            <p
              role="alert"
              data-testid="redeem-forfeit"
              className="m-0 rounded-xl bg-[var(--earn-warn-soft)] p-3 text-sm text-[var(--earn-warn)]"
            >
              {t('myEarn.redeem.forfeit', { amount: amount(position.claimable_yield) })}
            </p>
          )}
          {redeem.isError && (
            <p role="alert" className="m-0 text-sm text-[var(--earn-negative)]">
              {t(actionErrorKey(redeem.error))}
            </p>
          )}
          <Button
            block
            busy={redeem.isPending}
            onClick={() =>
              redeem.mutate({
                order_id: orderId,
                position_id: position.position_id,
                ...(early ? { early: true } : {}),
              })
            }
          >
            {early ? t('myEarn.redeem.confirmEarly') : t('myEarn.redeem.confirm')}
          </Button>
        </div>
      )}
    </Sheet>
  )
}
