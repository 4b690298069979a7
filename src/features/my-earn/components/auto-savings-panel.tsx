import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../../ui/button'
import { Dialog } from '../../../ui/dialog'
import { useEditAutoSavings } from '../api/edit-auto-savings'
import { useAutoSavings } from '../../../lib/earn-data/auto-savings'
import { actionErrorKey } from '../model/action-errors'

/** Auto-savings per coin: idle FUNDING balance goes into flexible savings; each switch confirmed. */
export function AutoSavingsPanel() {
  const { t } = useTranslation()
  const { data } = useAutoSavings()
  const edit = useEditAutoSavings()
  const [pending, setPending] = useState<{ coin: string; open: boolean } | null>(null)
  if (!data?.items.length) return null
  const close = () => {
    setPending(null)
    edit.reset()
  }
  return (
    <section aria-labelledby="auto-savings-title" className="flex flex-col gap-3">
      <h2 id="auto-savings-title" className="m-0 text-lg font-700">
        {t('myEarn.autoSavings.title')}
      </h2>
      <p className="m-0 text-sm text-[var(--earn-hint)]">{t('myEarn.autoSavings.hint')}</p>
      <ul className="m-0 flex list-none flex-wrap gap-3 p-0">
        {data.items.map((item) => (
          <li
            key={item.coin}
            className="flex min-w-[200px] flex-1 items-center justify-between gap-3 rounded-xl bg-[var(--earn-surface)] px-4 py-2"
          >
            <span className="font-600">{item.coin}</span>
            <button
              type="button"
              role="switch"
              aria-checked={item.open}
              aria-label={t('myEarn.autoSavings.switch', { coin: item.coin })}
              data-testid={`auto-savings-${item.coin}`}
              onClick={() => setPending({ coin: item.coin, open: !item.open })}
              className={`relative h-7 w-12 cursor-pointer rounded-full border-none ${item.open ? 'bg-[var(--earn-accent)]' : 'bg-[var(--earn-border-strong)]'}`}
            >
              <span
                aria-hidden="true"
                className={`absolute top-1 h-5 w-5 rounded-full bg-white transition-all ${item.open ? 'start-6' : 'start-1'}`}
              />
            </button>
          </li>
        ))}
      </ul>
      {pending && (
        <Dialog
          open
          onClose={close}
          title={t(pending.open ? 'myEarn.autoSavings.turnOn' : 'myEarn.autoSavings.turnOff', {
            coin: pending.coin,
          })}
          closeLabel={t('myEarn.close')}
          testId="auto-savings-dialog"
        >
          <p className="m-0">
            {t(pending.open ? 'myEarn.autoSavings.onBody' : 'myEarn.autoSavings.offBody', {
              coin: pending.coin,
            })}
          </p>
          {edit.isError && (
            <p role="alert" className="m-0 text-sm text-[var(--earn-negative)]">
              {t(actionErrorKey(edit.error))}
            </p>
          )}
          <div className="flex gap-2">
            <Button variant="secondary" block onClick={close}>
              {t('myEarn.cancel')}
            </Button>
            <Button
              block
              busy={edit.isPending}
              onClick={() => edit.mutate(pending, { onSuccess: close })}
            >
              {t('myEarn.confirm')}
            </Button>
          </div>
        </Dialog>
      )}
    </section>
  )
}
