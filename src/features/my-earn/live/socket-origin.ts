/** The sockets live on the page's own origin (the server proxies none of them elsewhere). */
export const wsOrigin = () => `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}`
