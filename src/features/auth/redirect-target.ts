/**
 * The in-app path a login returns to: only same-origin targets, so a crafted redirect_url
 * cannot send a freshly logged-in user to another site.
 */
export function safeRedirectPath(redirectUrl: string | undefined, origin: string): string | null {
  if (!redirectUrl) return null
  try {
    const url = new URL(redirectUrl, origin)
    if (url.origin !== origin) return null
    if (/^\/(?:[a-z]{2,3}-[A-Za-z0-9]{2,3}\/|en\/)?login(?:\/|$)/.test(url.pathname)) return null
    return url.pathname + url.search + url.hash
  } catch {
    return null
  }
}
