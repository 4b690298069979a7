import { useTranslation } from 'react-i18next'
import { SECTIONS, type SectionKey } from '../sections'
import { ProductPage } from './product-page'

/** A §1 section (double-win, discount-buy, …): its title, an intro, and its products. */
export function SectionPage({ section }: { section: SectionKey }) {
  const { t } = useTranslation()
  return (
    <div className="flex flex-col gap-4">
      <ProductPage
        pageKey={section}
        title={t(`nav.sections.${section}`)}
        productTypes={SECTIONS[section]}
      />
      {section === 'private-wealth' && (
        <section
          className="rounded-xl bg-[var(--earn-surface)] p-4"
          aria-label={t('nav.sections.private-wealth')}
        >
          <p className="m-0">{t('sections.privateWealth.body')}</p>
        </section>
      )}
    </div>
  )
}
