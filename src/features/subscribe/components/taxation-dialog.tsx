import { useTranslation } from 'react-i18next'
import { Button } from '../../../ui/button'
import { Dialog } from '../../../ui/dialog'

/** Spec §8's taxation dialog, opened by the code chosen in order-outcome.ts. */
export function TaxationDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation()
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('subscribe.taxation.title')}
      closeLabel={t('app.close')}
      testId="taxation-dialog"
    >
      <p className="m-0">{t('subscribe.taxation.body')}</p>
      <Button block onClick={onClose}>
        {t('subscribe.taxation.ok')}
      </Button>
    </Dialog>
  )
}
