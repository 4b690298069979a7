/**
 * A page's title and, under it, what the page offers in a sentence (issue 17): a newcomer reads
 * what a product family is before its first card. Home has its banner instead.
 */
export function PageHeader({ title, intro }: { title: string; intro?: string }) {
  return (
    <div className="flex flex-col gap-1">
      <h1 className="m-0 text-2xl font-700">{title}</h1>
      {intro && (
        <p className="m-0 max-w-[720px] text-[var(--earn-hint)]" data-testid="page-intro">
          {intro}
        </p>
      )}
    </div>
  )
}
