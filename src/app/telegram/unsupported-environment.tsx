import { i18n } from '../../lib/i18n/i18n'

/** What a Telegram client whose SDK init failed shows (its own chunk: almost never needed). */
export function UnsupportedEnvironment() {
  return (
    <main role="alert" className="mx-auto max-w-[600px] px-4 py-16 text-[var(--earn-text)]">
      <h1 className="m-0 text-xl font-700">{i18n.t('app.unsupported')}</h1>
      <p className="text-[var(--earn-hint)]">{i18n.t('app.unsupportedHint')}</p>
    </main>
  )
}
