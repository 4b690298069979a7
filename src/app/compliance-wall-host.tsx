import { Suspense, useEffect, useState } from 'react'
import { onComplianceWall } from '../lib/http/compliance-wall'
import { lazyUntilLoaded } from '../lib/loading/import-until-loaded'

// The modal is rare; only this listener ships with the first load.
const ComplianceWallModal = lazyUntilLoaded(async () => {
  const [modal, texts] = await Promise.all([
    import('./compliance-wall-modal'),
    import('./i18n-namespaces'),
  ])
  await texts.loadNamespace('compliance')
  return { default: modal.ComplianceWallModal }
})

/** Listens for the lib's compliance-wall event (code 10024) and opens the modal. */
export function ComplianceWallHost() {
  const [wanted, setWanted] = useState(false)
  useEffect(() => onComplianceWall(() => setWanted(true)), [])
  if (!wanted) return null
  return (
    <Suspense fallback={null}>
      <ComplianceWallModal />
    </Suspense>
  )
}
