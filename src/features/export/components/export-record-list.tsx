import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { ExportRow } from '../model/export-record'
import { ExportStatus } from '../../../../contract/export-constants'
import { formatExportDate } from '../../../lib/time/time-format'
import { Button } from '../../../ui/button'
import { Card } from '../../../ui/card'
import { EmptyState } from '../../../ui/empty-state'
import { Skeleton, SkeletonGroup } from '../../../ui/skeleton'
import { useCancelExportRecord } from '../api/cancel-export-record'
import { useDownloadBill } from '../api/download-bill'
import { useBillExports } from '../api/list-bill-export'
import { useRetryBillExport } from '../api/retry-bill-export'
import { openDownload } from '../model/open-download'
import { exportErrorText } from './export-error-text'
import { ExportStatusChip } from './export-status-chip'
import { DateTime } from '../../../ui/date-time'

/** Earlier requests, newest first; refreshes itself while any is queued or processing. */
export function ExportRecordList() {
  const { t } = useTranslation()
  const list = useBillExports()
  const download = useDownloadBill()
  const retry = useRetryBillExport()
  const cancel = useCancelExportRecord()
  const [message, setMessage] = useState<string | null>(null)

  const onDownload = (id: string) => {
    setMessage(null)
    download.mutate(id, {
      onSuccess: async ({ downloadUrl }) => {
        if (!(await openDownload(downloadUrl, `earn-wallet-records_${id}.csv`)))
          setMessage(t('export.list.downloadFailed'))
      },
      // Spec §8: download failures are logged, and the page carries on.
      onError: (err) => {
        console.error('[export] download link failed', err)
        setMessage(exportErrorText(t, err))
      },
    })
  }
  const onError = (err: unknown) => setMessage(exportErrorText(t, err))

  if (list.isPending)
    return (
      <SkeletonGroup
        label={t('export.list.loading')}
        testId="export-list-loading"
        className="flex flex-col gap-2"
      >
        <Skeleton className="h-6 w-40" />
        {[0, 1].map((i) => (
          <Card key={i} variant="outline" padding="sm" className="flex flex-col gap-2">
            <Skeleton className="h-4 w-3/4" />
            <Skeleton className="h-3 w-1/2" />
            <Skeleton className="h-5 w-20" round />
          </Card>
        ))}
      </SkeletonGroup>
    )
  if (list.isError)
    return (
      <p role="alert" className="text-[var(--earn-negative)]">
        {exportErrorText(t, list.error)}
      </p>
    )
  const records = list.data.records
  return (
    <section aria-labelledby="export-list-title" className="flex flex-col gap-3">
      <h2 id="export-list-title" className="m-0 text-lg font-700">
        {t('export.list.title')}
      </h2>
      {message && (
        <p role="alert" className="m-0 text-sm text-[var(--earn-negative)]">
          {message}
        </p>
      )}
      {records.length === 0 ? (
        <EmptyState compact testId="export-list-empty" title={t('export.list.empty')} />
      ) : (
        <ul className="m-0 flex list-none flex-col gap-2 p-0">
          {records.map((r) => (
            <ExportRow
              key={r.recordId}
              record={r}
              onDownload={() => onDownload(r.recordId)}
              onRetry={() => retry.mutate(r.recordId, { onError })}
              onCancel={() => cancel.mutate(r.recordId, { onError })}
              busy={
                (download.isPending && download.variables === r.recordId) ||
                (retry.isPending && retry.variables === r.recordId) ||
                (cancel.isPending && cancel.variables === r.recordId)
              }
            />
          ))}
        </ul>
      )}
    </section>
  )
}

function ExportRow({
  record: r,
  onDownload,
  onRetry,
  onCancel,
  busy,
}: {
  record: ExportRow
  onDownload: () => void
  onRetry: () => void
  onCancel: () => void
  busy: boolean
}) {
  const { t } = useTranslation()
  const unfinished = r.status === ExportStatus.Queued || r.status === ExportStatus.Processing
  return (
    <Card
      as="li"
      variant="outline"
      padding="sm"
      data-testid="export-record"
      data-record-id={r.recordId}
      className="grid gap-2 sm:grid-cols-[1fr_auto] sm:items-center"
    >
      <div className="flex flex-col gap-1 text-sm">
        <span className="font-600">
          {t('export.list.recordId', { id: r.recordId })}
          <span className="mx-2 text-[var(--earn-hint)]">·</span>
          <span dir="ltr" data-testid="export-range-utc">
            {formatExportDate(r.startAt)} – {formatExportDate(r.endAt)} (UTC)
          </span>
        </span>
        <span className="text-[var(--earn-hint)]">
          {t('export.list.submitted')}{' '}
          <DateTime unix={r.submitAt} data-testid="export-submit-time" />
        </span>
        <ExportStatusChip record={r} />
        {r.status === ExportStatus.Success && (
          <span className="text-xs text-[var(--earn-hint)]">
            {t('export.list.count', { count: r.recordCount })}
          </span>
        )}
        {r.status === ExportStatus.Failed && r.failureReason && (
          <span className="text-xs text-[var(--earn-negative)]">
            {t('export.list.failedBecause', { reason: r.failureReason })}
          </span>
        )}
      </div>
      <div className="flex flex-wrap gap-2">
        {r.status === ExportStatus.Success && (
          <Button onClick={onDownload} busy={busy}>
            {t('export.actions.download')}
          </Button>
        )}
        {r.status === ExportStatus.Failed && (
          <Button variant="secondary" onClick={onRetry} busy={busy}>
            {t('export.actions.retry')}
          </Button>
        )}
        <Button variant="ghost" onClick={onCancel} disabled={busy}>
          {t(unfinished ? 'export.actions.cancel' : 'export.actions.delete')}
        </Button>
      </div>
    </Card>
  )
}
