import { createFileRoute } from '@tanstack/react-router'
import { ExportPage } from '../../../features/export/components/export-page'
import { validateExportSearch } from '../../../features/export/model/export-search'

/** /earn/export?preset=7|30|90|custom&start=YYYY-MM-DD&end=YYYY-MM-DD (UTC days). */
export const Route = createFileRoute('/{-$locale}/earn/export')({
  validateSearch: validateExportSearch,
  // Imported on demand so the texts' loader stays out of the first load.
  loader: async () => (await import('../../../features/export/export-texts')).loadExportTexts(),
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
