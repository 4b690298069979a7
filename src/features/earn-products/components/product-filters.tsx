import { useTranslation } from 'react-i18next'
import type { ProductType } from '../../../../contract/enums'
import { Chip } from '../../../ui/chip'
import { TextField } from '../../../ui/text-field'
import type { HomeSearch } from '../home-search'

/** Search box and coin / product-type chips; every change lands in the URL's search params. */
export function ProductFilters({
  search,
  coins,
  types,
  onChange,
}: {
  search: HomeSearch
  coins: readonly string[]
  types: readonly ProductType[]
  onChange: (next: Partial<HomeSearch>) => void
}) {
  const { t } = useTranslation()
  const coin = search.coin ?? search.token
  return (
    <div className="flex flex-col gap-3" role="search">
      <TextField
        label={t('home.filters.search')}
        type="search"
        placeholder={t('home.filters.searchPlaceholder')}
        defaultValue={search.search ?? ''}
        onChange={(e) => onChange({ search: e.target.value || undefined })}
      />
      <div
        role="group"
        aria-label={t('home.filters.coin')}
        className="flex gap-2 overflow-x-auto pb-1"
      >
        <Chip selected={!coin} onClick={() => onChange({ coin: undefined, token: undefined })}>
          {t('home.filters.allCoins')}
        </Chip>
        {coins.map((c) => (
          <Chip
            key={c}
            selected={coin === c}
            onClick={() => onChange({ coin: c, token: undefined })}
          >
            {c}
          </Chip>
        ))}
      </div>
      <div
        role="group"
        aria-label={t('home.filters.type')}
        className="flex gap-2 overflow-x-auto pb-1"
      >
        <Chip selected={search.type === undefined} onClick={() => onChange({ type: undefined })}>
          {t('home.filters.allTypes')}
        </Chip>
        {types.map((type) => (
          <Chip key={type} selected={search.type === type} onClick={() => onChange({ type })}>
            {t(`products.types.${type}`)}
          </Chip>
        ))}
      </div>
    </div>
  )
}
