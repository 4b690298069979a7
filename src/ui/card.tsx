import type { HTMLAttributes, ReactNode } from 'react'

const VARIANTS = {
  /** A raised figure block (totals, summaries): the surface colour, no border. */
  surface: 'bg-[var(--earn-surface)]',
  /** A list item or panel on the page colour: a hairline border marks it off. */
  outline: 'border border-solid border-[var(--earn-border)] bg-[var(--earn-bg)]',
} as const

const PADDING = { none: 'p-0', sm: 'p-3', md: 'p-4' } as const

export type CardProps = HTMLAttributes<HTMLElement> & {
  /** The element: `li` inside a list, `section` when it has its own heading. */
  as?: 'div' | 'section' | 'li' | 'article'
  variant?: keyof typeof VARIANTS
  padding?: keyof typeof PADDING
  children: ReactNode
  'data-testid'?: string
}

/** A rounded block that groups one thing: a position, a total, a record. */
export function Card({
  as: Tag = 'div',
  variant = 'surface',
  padding = 'md',
  className = '',
  children,
  ...rest
}: CardProps) {
  return (
    <Tag
      className={`box-border rounded-2xl ${VARIANTS[variant]} ${PADDING[padding]} ${className}`}
      {...rest}
    >
      {children}
    </Tag>
  )
}
