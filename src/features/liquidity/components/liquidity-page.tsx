import { useEffect, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { trackEvent } from '../../../lib/analytics/analytics'
import { PageHeader } from '../../../ui/page-header'
import { TabPanel, Tabs } from '../../../ui/tabs'
import { LIQUIDITY_TABS, type LiquidityTab } from '../model/liquidity-tabs'
import { MiningTab, MyLiquidityTab } from './liquidity-user-tabs'

/**
 * Liquidity mining with its four tabs of spec §2; the tab lives in the URL. mining and
 * my-liquidity are the signed-in user's (get-user-liquidity-summary, live by socket). The pool
 * list is the catalogue's (composed by the route: a feature never imports another).
 */
export function LiquidityPage({
  tab,
  onTab,
  poolList,
}: {
  tab: LiquidityTab
  onTab: (tab: LiquidityTab) => void
  poolList: ReactNode
}) {
  const { t } = useTranslation()
  useEffect(() => trackEvent('earn_page_view', { page: 'liquidity-mining', tab }), [tab])
  return (
    <div className="flex flex-col gap-4">
      <PageHeader title={t('nav.pages.liquidity-mining')} intro={t('pageIntro.liquidity-mining')} />
      <Tabs
        idPrefix="liquidity"
        label={t('liquidity.tabs.label')}
        items={LIQUIDITY_TABS.map((key) => ({ key, label: t(`liquidity.tabs.${key}`) }))}
        value={tab}
        onChange={onTab}
      />
      <TabPanel idPrefix="liquidity" value={tab}>
        {tab === 'pool-list' && <div className="flex flex-col gap-4">{poolList}</div>}
        {tab === 'swap' && <p className="m-0 text-[var(--earn-hint)]">{t('liquidity.swapHint')}</p>}
        {tab === 'mining' && <MiningTab />}
        {tab === 'my-liquidity' && <MyLiquidityTab />}
      </TabPanel>
    </div>
  )
}
