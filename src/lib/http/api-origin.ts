import { API_PREFIX } from '../../../contract/paths'

/** Where API calls go: '' is the page's own origin (every environment proxies /x-api). */
export const apiOrigin = { origin: '' }

export const apiBase = () => `${apiOrigin.origin}${API_PREFIX}`
