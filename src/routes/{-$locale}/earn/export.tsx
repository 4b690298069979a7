import { createFileRoute } from '@tanstack/react-router'
import { sessionReady } from '../../../features/auth/session-ready'
import { ExportPage } from '../../../features/export/components/export-page'
import { validateExportSearch } from '../../../features/export/model/export-search'

/** /earn/export?preset=7|30|90|custom&start=YYYY-MM-DD&end=YYYY-MM-DD (UTC days). */
export const Route = createFileRoute('/{-$locale}/earn/export')({
  validateSearch: validateExportSearch,
  // Imported on demand so the texts' loader stays out of the first load.
  // Inside Telegram the automatic login must finish before the first private call.
  loader: async () => {
    await Promise.all([
      sessionReady(),
      import('../../../features/export/export-texts').then((m) => m.loadExportTexts()),
    ])
  },
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
