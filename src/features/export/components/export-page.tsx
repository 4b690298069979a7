import { useTranslation } from 'react-i18next'
import type { ExportSearch } from '../model/export-search'
import { ExportForm } from './export-form'
import { ExportRecordList } from './export-record-list'

/** The export screen: ask for a period's wallet records, follow earlier requests, download. */
export function ExportPage({
  search,
  onSearchChange,
}: {
  search: ExportSearch
  onSearchChange: (next: ExportSearch) => void
}) {
  const { t } = useTranslation()
  return (
    <div className="mx-auto flex max-w-[800px] flex-col gap-6">
      <header>
        <h1 className="m-0 text-2xl font-700">{t('export.title')}</h1>
        <p className="m-0 mt-1 text-sm text-[var(--earn-hint)]">{t('export.intro')}</p>
      </header>
      <ExportForm search={search} onSearchChange={onSearchChange} />
      <ExportRecordList />
    </div>
  )
}
