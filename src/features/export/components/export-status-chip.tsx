import { useTranslation } from 'react-i18next'
import { ExportStatus } from '../../../../contract/export-constants'
import { ProgressBar } from '../../../ui/progress-bar'
import { StatusChip, type StatusTone } from '../../../ui/status-chip'
import type { ExportRow } from '../model/export-record'

const TONE: Record<ExportStatus, StatusTone> = {
  [ExportStatus.Queued]: 'neutral',
  [ExportStatus.Processing]: 'warning',
  [ExportStatus.Success]: 'positive',
  [ExportStatus.Failed]: 'negative',
  [ExportStatus.Cancelled]: 'muted',
}

/** Status in words (colour only repeats it), with the progress while processing. */
export function ExportStatusChip({ record }: { record: ExportRow }) {
  const { t } = useTranslation()
  return (
    <span className="inline-flex flex-col gap-1">
      <StatusChip
        tone={TONE[record.status]}
        data-testid="export-status"
        data-status={record.status}
      >
        {t(`export.status.${record.status}`)}
        {record.status === ExportStatus.Processing && ` ${record.progress}%`}
      </StatusChip>
      {record.status === ExportStatus.Processing && (
        <ProgressBar className="w-24" value={record.progress} label={t('export.progress')} />
      )}
    </span>
  )
}
