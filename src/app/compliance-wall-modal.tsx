import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { onComplianceWall } from '../lib/http/compliance-wall'
import { Dialog } from '../ui/dialog'
import { Button } from '../ui/button'

/** The compliance wall of spec §6/§8: any call answering 10024 opens it, wherever it came from. */
export function ComplianceWallModal({ initiallyOpen = true }: { initiallyOpen?: boolean }) {
  const { t } = useTranslation()
  const [open, setOpen] = useState(initiallyOpen)
  // Later openings, once this module is loaded.
  useEffect(() => onComplianceWall(() => setOpen(true)), [])
  return (
    <Dialog
      open={open}
      onClose={() => setOpen(false)}
      title={t('compliance.title')}
      closeLabel={t('app.close')}
      testId="compliance-wall"
    >
      <p className="m-0 text-[var(--earn-text)]">{t('compliance.body')}</p>
      <p className="m-0 text-sm text-[var(--earn-hint)]">{t('compliance.hint')}</p>
      <Button block onClick={() => setOpen(false)}>
        {t('compliance.ok')}
      </Button>
    </Dialog>
  )
}
