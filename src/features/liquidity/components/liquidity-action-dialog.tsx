import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type {
  GetUserLiquiditySummaryResponse,
  LiquidityPool,
} from '../../../../contract/earn-liquidity.schema'
import { LiquidityOperation, OrderStatus } from '../../../../contract/enums'
import { displayDigits, formatCoinAmount } from '../../../lib/coins/coin-format'
import type { Coin } from '../../../lib/coins/coin'
import { orderErrorKey } from '../../../lib/http/error-codes'
import { RequestError } from '../../../lib/http/request-error'
import { Button } from '../../../ui/button'
import { Dialog } from '../../../ui/dialog'
import { TextField } from '../../../ui/text-field'
import { newActionId } from '../../../lib/earn-data/action-id'
import { useFundingBalance } from '../../../lib/earn-data/balances'
import { sanitizeAmount } from '../../../lib/format/amount-input'
import { useAddLiquidity } from '../api/add-liquidity'
import { useOperateLiquidity } from '../api/operate-liquidity'
import {
  amountProblem,
  leverageOk,
  otherCoinOf,
  swapRequestFor,
  type LiquidityAction,
} from '../model/liquidity-model'
import { SwapQuoteBox } from './swap-quote-box'

type Position = GetUserLiquiditySummaryResponse['positions'][number]

const OPERATION = {
  remove: LiquidityOperation.Remove,
  reinvest: LiquidityOperation.Reinvest,
  reduce: LiquidityOperation.ReduceLeverage,
} as const

const TITLE_KEYS: Record<LiquidityAction, string> = {
  add: 'myEarn.liquidity.add',
  remove: 'myEarn.liquidity.remove',
  reinvest: 'myEarn.liquidity.reinvest',
  reduce: 'myEarn.liquidity.reduceLeverage',
}

const errorKey = (err: unknown) => orderErrorKey(err instanceof RequestError ? err.code : undefined)

/**
 * Add, remove, reinvest or reduce leverage: what changes, the swap quote, then one confirmation
 * with an order id made when the dialog opened (a second press cannot act twice).
 */
export function LiquidityActionDialog({
  action,
  pools,
  position,
  digits,
  onClose,
}: {
  action: LiquidityAction
  pools: readonly LiquidityPool[]
  /** The position acted on (every action but add). */
  position: Position | null
  digits: (coin: string) => Pick<Coin, 'name' | 'assetDigits'>
  onClose: () => void
}) {
  const { t } = useTranslation()
  const [orderId] = useState(() => newActionId('liq'))
  const [productId, setProductId] = useState(position?.product_id ?? pools[0]?.product_id ?? '')
  const pool = pools.find((p) => p.product_id === productId)
  const coin = position?.coin ?? pool?.quote_coin ?? 'USDT'
  const coinDigits = displayDigits(digits(coin))
  const [amount, setAmount] = useState('')
  const [leverage, setLeverage] = useState(action === 'add' ? '1' : '')
  const [touched, setTouched] = useState(false)
  const add = useAddLiquidity()
  const operate = useOperateLiquidity()
  const balance = useFundingBalance(action === 'add' ? coin : '')
  const available = balance.data?.balances[0]?.balance ?? (balance.data ? '0' : null)
  const mutation = action === 'add' ? add : operate
  const fmt = (v: string, c = coin) => `${formatCoinAmount(v, digits(c))} ${c}`

  // What the pool swaps for this operation: the amount added, the principal removed or
  // re-levered, the rewards reinvested.
  const quotedAmount =
    action === 'add'
      ? amount
      : action === 'reinvest'
        ? (position?.claimable_yield ?? '0')
        : (position?.principal ?? '0')
  const toCoin = pool ? otherCoinOf(pool, coin) : null
  const quoteRequest = toCoin ? swapRequestFor(quotedAmount, coin, toCoin, coinDigits) : null

  const maxLeverage = action === 'add' ? (pool?.max_leverage ?? '1') : (position?.leverage ?? '1')
  const amountError =
    action === 'add' && touched
      ? (() => {
          const problem = amountProblem(amount, available, pool)
          if (problem === 'insufficient') return t('errors.order.insufficientBalance')
          if (problem)
            return t('myEarn.liquidity.invalidAmount', {
              min: fmt(pool?.min_amount ?? '0'),
              max: fmt(pool?.max_amount ?? available ?? '0'),
            })
          return null
        })()
      : null
  const leverageError =
    (action === 'add' || action === 'reduce') &&
    touched &&
    !leverageOk(leverage, '1', maxLeverage, action === 'add')
      ? t('myEarn.liquidity.invalidLeverage', { min: '1', max: maxLeverage })
      : null
  const nothingToReinvest = action === 'reinvest' && quoteRequest === null

  const confirm = () => {
    setTouched(true)
    if (action === 'add') {
      if (amountProblem(amount, available, pool) || !leverageOk(leverage, '1', maxLeverage, true))
        return
      add.mutate({ orderId, productId, amount, leverage })
      return
    }
    if (!position) return
    if (action === 'reduce' && !leverageOk(leverage, '1', maxLeverage, false)) return
    operate.mutate({
      orderId,
      positionId: position.position_id,
      operation: OPERATION[action],
      ...(action === 'reduce' ? { leverage } : {}),
    })
  }

  const doneKey =
    action === 'add'
      ? add.data?.status === OrderStatus.InProgress
        ? 'myEarn.liquidity.done.addPending'
        : 'myEarn.liquidity.done.add'
      : `myEarn.liquidity.done.${action}`

  return (
    <Dialog
      open
      onClose={onClose}
      title={`${t(TITLE_KEYS[action])}${pool ? ` · ${pool.pair}` : ''}`}
      closeLabel={t('myEarn.close')}
      kind="sheet"
      testId="liquidity-dialog"
    >
      {mutation.isSuccess && !(action === 'add' && add.data?.status === OrderStatus.Failed) ? (
        <div className="flex flex-col gap-4" data-testid="liquidity-success">
          <p role="status" className="m-0">
            {t(doneKey)}
          </p>
          <Button block onClick={onClose}>
            {t('myEarn.done')}
          </Button>
        </div>
      ) : (
        <form
          className="flex flex-col gap-4"
          noValidate
          onSubmit={(e) => {
            e.preventDefault()
            confirm()
          }}
        >
          {action === 'add' && (
            <div className="flex flex-col gap-1">
              <label htmlFor="liquidity-pool" className="text-sm font-600">
                {t('myEarn.liquidity.pool')}
              </label>
              <select
                id="liquidity-pool"
                value={productId}
                onChange={(e) => setProductId(e.target.value)}
                className="min-h-11 rounded-lg border border-solid border-[var(--earn-border-strong)] bg-[var(--earn-bg)] px-3 text-base text-[var(--earn-text)]"
              >
                {pools.map((p) => (
                  <option key={p.product_id} value={p.product_id}>
                    {p.pair}
                  </option>
                ))}
              </select>
            </div>
          )}
          {action === 'add' && (
            <TextField
              label={t('myEarn.liquidity.amount', { coin })}
              inputMode="decimal"
              autoComplete="off"
              dir="ltr"
              value={amount}
              onChange={(e) => setAmount(sanitizeAmount(e.target.value, coinDigits))}
              hint={
                <span data-testid="liquidity-available">
                  {t('myEarn.liquidity.available', {
                    amount: available === null ? '--' : fmt(available),
                  })}
                </span>
              }
              error={amountError}
            />
          )}
          {(action === 'add' || action === 'reduce') && (
            <TextField
              label={
                action === 'add'
                  ? t('myEarn.liquidity.leverageRange', { max: maxLeverage })
                  : t('myEarn.liquidity.newLeverage', { max: maxLeverage })
              }
              inputMode="decimal"
              autoComplete="off"
              dir="ltr"
              value={leverage}
              onChange={(e) => setLeverage(sanitizeAmount(e.target.value, 2))}
              error={leverageError}
            />
          )}
          {position && (
            <dl className="m-0 grid grid-cols-[1fr_auto] gap-x-4 gap-y-2 text-sm">
              <dt className="text-[var(--earn-hint)]">{t('myEarn.liquidity.principal')}</dt>
              <dd className="m-0 text-end" dir="ltr">
                {fmt(position.principal)}
              </dd>
              <dt className="text-[var(--earn-hint)]">{t('myEarn.liquidity.claimable')}</dt>
              <dd className="m-0 text-end" dir="ltr">
                {fmt(position.claimable_yield)}
              </dd>
              <dt className="text-[var(--earn-hint)]">{t('myEarn.liquidity.leverage')}</dt>
              <dd className="m-0 text-end" dir="ltr">
                {position.leverage}×
              </dd>
            </dl>
          )}
          {action === 'remove' && position && (
            <p className="m-0 text-sm">
              {t('myEarn.liquidity.removeInfo', { amount: fmt(position.principal) })}
            </p>
          )}
          {action === 'reinvest' && position && (
            <p className="m-0 text-sm">
              {nothingToReinvest
                ? t('myEarn.liquidity.nothingToReinvest')
                : t('myEarn.liquidity.reinvestInfo', { amount: fmt(position.claimable_yield) })}
            </p>
          )}
          {!nothingToReinvest && <SwapQuoteBox request={quoteRequest} digits={digits} />}
          {mutation.isError && (
            <p role="alert" className="m-0 text-sm text-[var(--earn-negative)]">
              {t(errorKey(mutation.error))}
            </p>
          )}
          {action === 'add' && add.data?.status === OrderStatus.Failed && (
            <p role="alert" className="m-0 text-sm text-[var(--earn-negative)]">
              {t(orderErrorKey(add.data.fail_code))}
            </p>
          )}
          <Button type="submit" block busy={mutation.isPending} disabled={nothingToReinvest}>
            {t(`myEarn.liquidity.confirm.${action === 'reduce' ? 'reduce' : action}`)}
          </Button>
        </form>
      )}
    </Dialog>
  )
}
