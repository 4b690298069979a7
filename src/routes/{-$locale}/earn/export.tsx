import { createFileRoute } from '@tanstack/react-router'
import type { ExportFormSearch } from '../../../features/export/components/export-form'
import { ExportPage } from '../../../features/export/components/export-page'
import { loadExportTexts } from '../../../features/export/export-texts'
import { EXPORT_PRESETS, type ExportPreset } from '../../../features/export/model/date-range'

const day = (v: unknown) => (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : undefined)

/** /earn/export?preset=7|30|90|custom&start=YYYY-MM-DD&end=YYYY-MM-DD (UTC days). */
export const Route = createFileRoute('/{-$locale}/earn/export')({
  validateSearch: (search: Record<string, unknown>): ExportFormSearch => {
    const preset = EXPORT_PRESETS.includes(String(search.preset) as ExportPreset)
      ? (String(search.preset) as ExportPreset)
      : '30'
    if (preset !== 'custom') return { preset }
    const start = day(search.start)
    const end = day(search.end)
    return { preset, ...(start ? { start } : {}), ...(end ? { end } : {}) }
  },
  loader: () => loadExportTexts(),
  component: ExportRoute,
})

function ExportRoute() {
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  return (
    <ExportPage
      search={search}
      onSearchChange={(next) => void navigate({ search: next, replace: true })}
    />
  )
}
