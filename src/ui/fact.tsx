import type { ReactNode } from 'react'

/**
 * One labelled figure of a description list (inside a <dl>): `row` puts the label and value on
 * one line (sheets, product facts), `stacked` puts the label above (the offer panels' grid).
 */
export function Fact({
  label,
  value,
  testId,
  layout = 'row',
}: {
  label: string
  value: ReactNode
  testId?: string
  layout?: 'row' | 'stacked'
}) {
  const row = layout === 'row'
  return (
    <div className={row ? 'flex items-baseline justify-between gap-3 py-2' : 'flex flex-col'}>
      <dt className={`${row ? 'text-sm' : 'text-xs'} text-[var(--earn-hint)]`}>{label}</dt>
      <dd className={`m-0 ${row ? 'text-end ' : ''}font-600`} dir="ltr" data-testid={testId}>
        {value}
      </dd>
    </div>
  )
}
