import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../../ui/button'

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
  children,
}: {
  query: PagedQuery
  count: number
  empty: ReactNode
  children: ReactNode
}) {
  const { t } = useTranslation()
  if (query.isPending)
    return (
      <p role="status" className="m-0 text-[var(--earn-hint)]">
        {t('myEarn.loading')}
      </p>
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
