import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { EXPORT_LIMITS } from '../../../../contract/export-constants'
import { MainAction } from '../../../lib/telegram/main-action'
import { useServerNow } from '../../../lib/time/server-time'
import { Button } from '../../../ui/button'
import { Chip } from '../../../ui/chip'
import { TextField } from '../../../ui/text-field'
import { useSubmitBillExport } from '../api/submit-bill-export'
import {
  presetRange,
  rangeError,
  rangeToRequest,
  utcToday,
  type DateRange,
} from '../model/date-range'
import { EXPORT_PRESETS, type ExportSearch } from '../model/export-search'
import { exportErrorText } from './export-error-text'

/** Range presets and custom dates (kept in the URL), checked before anything is sent. */
export function ExportForm({
  search,
  onSearchChange,
}: {
  search: ExportSearch
  onSearchChange: (next: ExportSearch) => void
}) {
  const { t } = useTranslation()
  const submit = useSubmitBillExport()
  const [touched, setTouched] = useState(false)
  const now = useServerNow()
  const range: DateRange =
    search.preset === 'custom'
      ? { start: search.start ?? '', end: search.end ?? '' }
      : presetRange(Number(search.preset), now)
  const problem = rangeError(range, now)
  const showProblem = problem && (touched || search.preset !== 'custom')

  const send = () => {
    setTouched(true)
    if (problem) return
    submit.mutate(rangeToRequest(range))
  }
  const onSubmit = (e: FormEvent) => {
    e.preventDefault()
    send()
  }

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-labelledby="export-form-title"
      className="flex flex-col gap-4 rounded-xl bg-[var(--earn-surface)] p-4"
    >
      <h2 id="export-form-title" className="m-0 text-lg font-700">
        {t('export.form.title')}
      </h2>
      <div role="group" aria-label={t('export.form.period')} className="flex flex-wrap gap-2">
        {EXPORT_PRESETS.map((p) => (
          <Chip
            key={p}
            selected={search.preset === p}
            onClick={() => onSearchChange(p === 'custom' ? { preset: p, ...range } : { preset: p })}
          >
            {t(`export.presets.${p}`)}
          </Chip>
        ))}
      </div>
      {search.preset === 'custom' ? (
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField
            type="date"
            label={t('export.form.start')}
            value={range.start}
            max={utcToday(now)}
            onChange={(e) => onSearchChange({ ...search, start: e.target.value })}
            name="export-start"
          />
          <TextField
            type="date"
            label={t('export.form.end')}
            value={range.end}
            max={utcToday(now)}
            onChange={(e) => onSearchChange({ ...search, end: e.target.value })}
            name="export-end"
          />
        </div>
      ) : (
        <p className="m-0 text-sm text-[var(--earn-hint)]" data-testid="export-range">
          {t('export.form.rangeUtc', { start: range.start, end: range.end })}
        </p>
      )}
      {showProblem && (
        <p role="alert" className="m-0 text-sm text-[var(--earn-negative)]">
          {t(`export.validation.${problem}`, { days: EXPORT_LIMITS.maxRangeDays })}
        </p>
      )}
      {submit.isError && (
        <p role="alert" className="m-0 text-sm text-[var(--earn-negative)]">
          {exportErrorText(t, submit.error)}
        </p>
      )}
      {submit.isSuccess && (
        <p role="status" className="m-0 text-sm text-[var(--earn-positive)]">
          {t('export.form.submitted', { id: submit.data.recordId })}
        </p>
      )}
      <p className="m-0 text-xs text-[var(--earn-hint)]">
        {t('export.form.limits', {
          days: EXPORT_LIMITS.maxRangeDays,
          perDay: EXPORT_LIMITS.perDay,
        })}
      </p>
      <MainAction text={t('export.form.submit')} busy={submit.isPending} onAction={send}>
        <Button type="submit" busy={submit.isPending} className="self-start">
          {t('export.form.submit')}
        </Button>
      </MainAction>
    </form>
  )
}
