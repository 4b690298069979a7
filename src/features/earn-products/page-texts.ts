/**
 * A product page's route loader: its data and its intro text (the `pages` bundle) in parallel,
 * both in before the page draws or hydrates, so the intro is in the server's first view and in
 * the hydrating render alike. Home has its banner instead and never loads the bundle.
 */
export async function withPageTexts<T>(data: Promise<T>): Promise<T> {
  const texts = import('../../app/i18n-namespaces').then((m) => m.loadNamespace('pages'))
  const [loaded] = await Promise.all([data, texts])
  return loaded
}
