/** Every API path sits under this proxy prefix on the page's own origin (spec §7). */
export const API_PREFIX = '/x-api'

/** Where API calls go: '' is the page's own origin (every environment proxies /x-api). */
export const apiOrigin = { origin: '' }

export const apiBase = () => `${apiOrigin.origin}${API_PREFIX}`
