import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../../ui/button'
import { Skeleton, SkeletonGroup } from '../../../ui/skeleton'

/** What a cursor-paged list needs of its infinite query. */
type PagedQuery = {
  isPending: boolean
  isError: boolean
  hasNextPage: boolean
  isFetchingNextPage: boolean
  refetch: () => unknown
  fetchNextPage: () => unknown
}

/** A paged list's states: loading, an error with a retry, empty, or the rows and "Load more". */
export function PagedList({
  query,
  count,
  empty,
  loadingTestId,
  children,
}: {
  query: PagedQuery
  count: number
  empty: ReactNode
  loadingTestId?: string
  children: ReactNode
}) {
  const { t } = useTranslation()
  if (query.isPending)
    return (
      <SkeletonGroup
        label={t('myEarn.loading')}
        testId={loadingTestId}
        className="flex flex-col rounded-2xl border border-solid border-[var(--earn-border)]"
      >
        {[0, 1, 2, 3].map((i) => (
          <div key={i} className="flex items-center justify-between gap-3 px-4 py-3">
            <span className="flex flex-col gap-1.5">
              <Skeleton className="h-4 w-40" />
              <Skeleton className="h-3 w-28" />
            </span>
            <span className="flex flex-col items-end gap-1.5">
              <Skeleton className="h-4 w-24" />
              <Skeleton className="h-4 w-16" round />
            </span>
          </div>
        ))}
      </SkeletonGroup>
    )
  if (query.isError)
    return (
      <div role="alert" className="flex flex-wrap items-center gap-3">
        <p className="m-0 text-[var(--earn-negative)]">{t('errors.generic')}</p>
        <Button variant="secondary" onClick={() => void query.refetch()}>
          {t('myEarn.orders.retry')}
        </Button>
      </div>
    )
  if (count === 0) return empty
  return (
    <div className="flex flex-col gap-3">
      {children}
      {query.hasNextPage && (
        <Button
          variant="secondary"
          busy={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
        >
          {t('myEarn.orders.loadMore')}
        </Button>
      )}
    </div>
  )
}
