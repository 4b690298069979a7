import { Link, useNavigate, useParams, useSearch } from '@tanstack/react-router'
import type { MouseEvent } from 'react'
import { loadNamespace } from '../../../app/i18n-namespaces'
import { useTranslation } from 'react-i18next'
import type { ProductCard as ProductCardData } from '../../../../contract/earn.schema'
import { ProductCardStatus } from '../../../../contract/enums'
import { trackEvent } from '../../../lib/analytics/analytics'
import { Amount, Percent } from '../../../ui/amount'
import { CoinIcon } from '../../../ui/coin-icon'
import { RiskBadge } from '../../../ui/risk-badge'
import { riskLevel } from '../../../../contract/product-risk'
import { nextSort, sortCards, sortDirection, type SortColumn } from '../model/product-sort'
import { parseProductSort, type ProductSort } from '../model/product-sort-param'
import { isSoldOut } from '../model/sold-out'

const CELL = 'px-3 py-3 text-start align-middle'

/** A column header that sorts: a button inside the <th>, its state in aria-sort. */
function SortHeader({
  column,
  label,
  sort,
  onSort,
}: {
  column: SortColumn
  label: string
  sort: ProductSort | undefined
  onSort: (next: ProductSort | undefined) => void
}) {
  const direction = sortDirection(sort, column)
  return (
    <th scope="col" aria-sort={direction ?? 'none'} className="px-1 py-2 text-start font-500">
      <button
        type="button"
        data-testid={`sort-${column}`}
        onClick={() => onSort(nextSort(sort, column))}
        className={`inline-flex min-h-9 cursor-pointer items-center gap-1 rounded-md border-none bg-transparent px-2 text-sm ${direction ? 'font-600 text-[var(--earn-text)]' : 'text-[var(--earn-hint)]'} hover:bg-[var(--earn-surface)]`}
      >
        {label}
        <span aria-hidden className="text-xs">
          {direction === 'ascending' ? '▲' : direction === 'descending' ? '▼' : '↕'}
        </span>
      </button>
    </th>
  )
}

function ProductRow({ card }: { card: ProductCardData }) {
  const { t } = useTranslation()
  const { locale } = useParams({ strict: false })
  const navigate = useNavigate()
  const risk = riskLevel(card.product_type)
  const typeName = t(`products.types.${card.product_type}`)
  const soldOut = isSoldOut(card)
  const available = card.card_status === ProductCardStatus.Available
  const action = available ? t('subscribe.cta') : t('products.table.details')
  const target = {
    to: '/{-$locale}/earn/product/$productId',
    params: { locale, productId: card.product_id },
  } as const
  const track = () =>
    trackEvent('earn_card_click', { product_id: card.product_id, product_type: card.product_type })
  // The whole row opens the product for a mouse, as on Binance; keyboards use the row's link.
  const openRow = (e: MouseEvent) => {
    if ((e.target as Element).closest('a, button')) return
    track()
    void navigate(target)
  }
  return (
    <tr
      data-testid="product-card"
      data-product-id={card.product_id}
      onClick={openRow}
      className="cursor-pointer border-0 border-t border-solid border-[var(--earn-border)] hover:bg-[var(--earn-surface)]"
    >
      <td className={CELL}>
        <div className="flex items-center gap-3">
          <CoinIcon coin={card.coin} size={32} />
          <div className="min-w-0">
            <div className="font-600" data-testid="product-coin">
              {card.coin}
            </div>
            <div className="text-xs text-[var(--earn-hint)]">{typeName}</div>
          </div>
        </div>
      </td>
      <td className={CELL}>
        <span data-testid="product-apr">
          <Percent value={card.apr} className="text-xl font-700 text-[var(--earn-positive)]" />
        </span>
      </td>
      <td className={CELL}>
        {card.term_days === 0
          ? t('products.flexible')
          : t('products.days', { count: card.term_days })}
      </td>
      <td className={CELL}>
        <Amount value={card.min_amount} coin={card.coin} />
      </td>
      <td className={CELL} data-testid="card-availability">
        {soldOut ? (
          t('products.noQuota')
        ) : (
          <Amount value={card.remaining_quota} coin={card.coin} compact />
        )}
      </td>
      <td className={CELL}>
        {risk === 'low' ? (
          <span className="text-xs text-[var(--earn-hint)]">{t('products.risk.low')}</span>
        ) : (
          <RiskBadge level={risk} label={t(`products.risk.${risk}`)} />
        )}
      </td>
      <td className={`${CELL} text-end`}>
        <div className="flex items-center justify-end gap-2">
          {!available && (
            <span
              data-testid="card-status"
              className="whitespace-nowrap rounded-md bg-[var(--earn-muted-soft)] px-2 py-0.5 text-xs text-[var(--earn-text)]"
            >
              {t(`products.status.${card.card_status}`)}
            </span>
          )}
          <Link
            {...target}
            onClick={track}
            // Which product: many rows have the same visible word. The name starts with it.
            aria-label={`${action} ${card.coin} ${typeName}`}
            className={`inline-flex min-h-9 items-center whitespace-nowrap rounded-lg px-4 text-sm font-600 no-underline ${available ? 'bg-[var(--earn-accent)] text-[var(--earn-accent-text)]' : 'bg-[var(--earn-muted-soft)] text-[var(--earn-text)]'}`}
          >
            {action}
          </Link>
        </div>
      </td>
    </tr>
  )
}

/**
 * Desktop's product list (from 992 px, issue 17): one row per product, sortable by APR, term,
 * minimum and remaining quota. Loaded on its own (product-list.tsx): phones never fetch it.
 */
function ProductTable({
  cards,
}: {
  /** Lowest risk first: the order without a sort, and the tie-break with one. */
  cards: readonly ProductCardData[]
}) {
  const { t } = useTranslation()
  // The sort is a search param on every list page, so a sorted list survives a reload and can
  // be shared. It is validated here rather than by each route's validateSearch: the routes'
  // code is in home's first load, the table's is not (the raw param passes the routes'
  // validators untouched).
  const sort = parseProductSort((useSearch({ strict: false }) as { sort?: unknown }).sort)
  const navigate = useNavigate()
  const onSort = (next: ProductSort | undefined) =>
    void navigate({ to: '.', search: (prev) => ({ ...prev, sort: next }), replace: true })
  const header = { sort, onSort }
  return (
    <table
      data-testid="product-table"
      aria-label={t('products.table.label')}
      className="w-full border-collapse text-sm"
    >
      <thead className="text-[var(--earn-hint)]">
        <tr>
          <th scope="col" className="px-3 py-2 text-start font-500">
            {t('products.table.coin')}
          </th>
          <SortHeader column="apr" label={t('products.apr')} {...header} />
          <SortHeader column="term" label={t('products.term')} {...header} />
          <SortHeader column="min" label={t('subscribe.minimum')} {...header} />
          <SortHeader column="remaining" label={t('subscribe.remainingQuota')} {...header} />
          <th scope="col" className="px-3 py-2 text-start font-500">
            {t('products.table.risk')}
          </th>
          <th scope="col" className="px-3 py-2 text-end font-500">
            <span className="sr-only">{t('products.table.action')}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {sortCards(cards, sort).map((card) => (
          <ProductRow key={card.product_id} card={card} />
        ))}
      </tbody>
    </table>
  )
}

/** The table once the texts it borrows from the product page's bundle are in. */
export const loadProductTable = () =>
  loadNamespace('subscribe').then(() => ({ default: ProductTable }))
