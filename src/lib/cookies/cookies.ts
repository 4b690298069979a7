/**
 * document.cookie read and write; the few cookies the client keeps (guid, gray release). Never
 * throws: a sandboxed or cross-site frame may refuse cookies (reading then throws, or gives '').
 */
export function readCookie(name: string): string | undefined {
  let all: string
  try {
    all = document.cookie
  } catch {
    return undefined
  }
  for (const part of all.split(';')) {
    const eq = part.indexOf('=')
    if (eq > 0 && part.slice(0, eq).trim() === name) {
      return decodeURIComponent(part.slice(eq + 1).trim())
    }
  }
  return undefined
}

export function writeCookie(name: string, value: string, maxAgeSeconds: number): void {
  try {
    document.cookie = `${name}=${encodeURIComponent(value)}; max-age=${maxAgeSeconds}; path=/; samesite=lax`
  } catch {
    // Refused: the value lives as long as its caller keeps it.
  }
}
