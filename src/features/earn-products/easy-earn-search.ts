// Validation of /earn/easy-earn's search: in the first load, so free of the deep-link table.

export type EasyEarnSearch = { id?: string; productType?: string; token?: string }

const param = (v: unknown) =>
  (typeof v === 'string' || typeof v === 'number') && /^[A-Za-z0-9_-]{1,64}$/.test(String(v))
    ? String(v)
    : undefined

export const validateEasyEarnSearch = (search: Record<string, unknown>): EasyEarnSearch => ({
  id: param(search.id),
  productType: param(search.productType ?? search.type),
  token: param(search.token),
})
