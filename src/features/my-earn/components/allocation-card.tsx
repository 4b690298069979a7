import { useTranslation } from 'react-i18next'
import type { GetAssetsSummaryV2Response } from '../../../../contract/earn-account.schema'
import { formatUsd } from '../../../lib/format/money-format'
import { Card } from '../../../ui/card'
import { Skeleton, SkeletonGroup } from '../../../ui/skeleton'
import { allocationByType } from '../model/allocation'

/** One colour per slice, in order: tokens first, then fixed hues that read on light and dark. */
const SLICE_COLOURS = [
  'var(--earn-accent)',
  'var(--earn-positive)',
  '#3b82f6',
  '#a855f7',
  'var(--earn-warn)',
  '#14b8a6',
  'var(--earn-hint)',
]
const colourOf = (i: number) => SLICE_COLOURS[i % SLICE_COLOURS.length]!

/**
 * Where the user's earn value sits, by product type: one stacked bar and a legend with each
 * type's share (adding up to 100 %) and USD value. Hidden when nothing is in earn.
 */
export function AllocationCard({
  byType,
  loading,
}: {
  byType: GetAssetsSummaryV2Response['by_product_type'] | undefined
  loading: boolean
}) {
  const { t, i18n } = useTranslation()
  const percent = new Intl.NumberFormat(i18n.language, {
    style: 'percent',
    maximumFractionDigits: 1,
    numberingSystem: 'latn',
  })
  if (loading)
    return (
      <SkeletonGroup label={t('myEarn.loading')} testId="allocation-loading">
        <Card className="flex flex-col gap-3">
          <Skeleton className="h-5 w-40" />
          <Skeleton className="h-3 w-full" round />
          <Skeleton className="h-4 w-3/4" />
        </Card>
      </SkeletonGroup>
    )
  const slices = allocationByType(byType)
  if (slices.length === 0) return null
  return (
    <Card as="section" aria-labelledby="allocation-title" className="flex flex-col gap-3">
      <h2 id="allocation-title" className="m-0 text-lg font-700">
        {t('myEarn.allocation.title')}
      </h2>
      {/* The legend below says every share in words; the bar repeats it for the eye. */}
      <div
        aria-hidden="true"
        className="flex h-3 w-full gap-0.5 overflow-hidden rounded-full"
        title={t('myEarn.allocation.bar')}
      >
        {slices.map((s, i) => (
          <span
            key={s.productType}
            className="h-full first:rounded-s-full last:rounded-e-full"
            style={{ width: `${s.percent}%`, minWidth: 4, background: colourOf(i) }}
          />
        ))}
      </div>
      <ul className="m-0 flex list-none flex-col gap-2 p-0" data-testid="allocation">
        {slices.map((s, i) => (
          <li
            key={s.productType}
            data-testid="allocation-item"
            data-product-type={s.productType}
            className="flex items-center gap-2 text-sm"
          >
            <span
              aria-hidden="true"
              className="h-2.5 w-2.5 shrink-0 rounded-full"
              style={{ background: colourOf(i) }}
            />
            <span className="min-w-0 flex-1">{t(`products.types.${s.productType}`)}</span>
            <span
              dir="ltr"
              className="font-600"
              data-testid="allocation-percent"
              data-percent={s.percent}
              aria-label={t('myEarn.allocation.share', {
                percent: percent.format(s.percent / 100),
              })}
            >
              {percent.format(s.percent / 100)}
            </span>
            <span dir="ltr" className="min-w-24 text-end text-[var(--earn-hint)]">
              {formatUsd(s.usd)}
            </span>
          </li>
        ))}
      </ul>
    </Card>
  )
}
