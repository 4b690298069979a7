// The first-load text of every language but English, each its own chunk. This map is a chunk
// of its own too: only visitors who need another language download it (a few hundred bytes
// of hashed chunk names would otherwise sit in the first load).
const loaders = import.meta.glob<{ default: Record<string, unknown> }>([
  '../../../locales/*/common.json',
  '!../../../locales/en/common.json',
])

/** A language's common texts, or undefined when it has none. */
export async function loadCommon(language: string): Promise<Record<string, unknown> | undefined> {
  const load = loaders[`../../../locales/${language}/common.json`]
  return load ? (await load()).default : undefined
}
