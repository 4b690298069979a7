// Display currencies (spec §7 exchange-rate: "fetched by name; fields not shown"). Values only:
// the client's currency picker and the server's rate table share this list.

/** GET, query name: one currency's rate against USD. */
export const EXCHANGE_RATE_PATH = '/v3/private/cht/asset-common/exchange-rate'

export const FIAT_CURRENCIES = [
  'USD',
  'EUR',
  'GBP',
  'JPY',
  'HKD',
  'AED',
  'TRY',
  'RUB',
  'KZT',
  'INR',
  'BRL',
  'AUD',
  'CAD',
  'SGD',
  'IDR',
  'GEL',
] as const
export type FiatCurrency = (typeof FIAT_CURRENCIES)[number]
