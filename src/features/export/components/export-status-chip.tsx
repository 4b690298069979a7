import { useTranslation } from 'react-i18next'
import { ExportStatus } from '../../../../contract/export-constants'
import type { ExportRow } from '../model/export-record'

const TONE: Record<ExportStatus, string> = {
  [ExportStatus.Queued]: 'bg-[var(--earn-muted-soft)] text-[var(--earn-text)]',
  [ExportStatus.Processing]: 'bg-[var(--earn-warn-soft)] text-[var(--earn-warn)]',
  [ExportStatus.Success]: 'bg-[var(--earn-accent-soft)] text-[var(--earn-positive)]',
  [ExportStatus.Failed]: 'bg-[var(--earn-negative-soft)] text-[var(--earn-negative)]',
  [ExportStatus.Cancelled]: 'bg-[var(--earn-muted-soft)] text-[var(--earn-hint)]',
}

/** Status in words (colour only repeats it), with the progress while processing. */
export function ExportStatusChip({ record }: { record: ExportRow }) {
  const { t } = useTranslation()
  return (
    <span className="inline-flex flex-col gap-1">
      <span
        data-testid="export-status"
        data-status={record.status}
        className={`inline-block w-fit rounded-full px-2 py-0.5 text-xs font-600 ${TONE[record.status]}`}
      >
        {t(`export.status.${record.status}`)}
        {record.status === ExportStatus.Processing && ` ${record.progress}%`}
      </span>
      {record.status === ExportStatus.Processing && (
        <progress
          className="h-1 w-24"
          max={100}
          value={record.progress}
          aria-label={t('export.progress')}
        />
      )}
    </span>
  )
}
