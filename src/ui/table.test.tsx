import { fireEvent, render, screen, within } from '@testing-library/react'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { nextSort, Table, type TableColumn, type TableSort } from './table'

type Row = { coin: string; apr: number }
const ROWS: Row[] = [
  { coin: 'BTC', apr: 2 },
  { coin: 'USDT', apr: 8 },
  { coin: 'ETH', apr: 5 },
]
const COLUMNS: TableColumn<Row, 'coin' | 'apr'>[] = [
  {
    key: 'coin',
    header: 'Coin',
    rowHeader: true,
    sortKey: 'coin',
    firstDirection: 'asc',
    cell: (r) => r.coin,
  },
  { key: 'apr', header: 'APR', align: 'end', sortKey: 'apr', cell: (r) => `${r.apr}%` },
  { key: 'action', header: 'Action', cell: () => 'Subscribe' },
]

/** The caller owns the sort, as a product table would (in state or the URL). */
function SortedTable() {
  const [sort, setSort] = useState<TableSort<'coin' | 'apr'>>()
  const rows = [...ROWS].sort((a, b) => {
    if (!sort) return 0
    const d = sort.key === 'apr' ? a.apr - b.apr : a.coin.localeCompare(b.coin)
    return sort.direction === 'asc' ? d : -d
  })
  return (
    <Table
      caption="Products"
      columns={COLUMNS}
      rows={rows}
      rowKey={(r) => r.coin}
      sort={sort}
      onSortChange={setSort}
    />
  )
}

const firstColumn = () => screen.getAllByRole('rowheader').map((c) => c.textContent)

describe('Table', () => {
  it('is a captioned table with column headers and one row header per row', () => {
    render(<SortedTable />)
    const table = screen.getByRole('table', { name: 'Products' })
    expect(within(table).getAllByRole('columnheader')).toHaveLength(3)
    expect(firstColumn()).toEqual(['BTC', 'USDT', 'ETH'])
    // Only sortable columns say how they are sorted.
    expect(
      screen.getByRole('columnheader', { name: /Action/ }).getAttribute('aria-sort'),
    ).toBeNull()
    expect(screen.getByRole('columnheader', { name: /APR/ }).getAttribute('aria-sort')).toBe('none')
  })

  it('sorts through its header buttons and announces the direction with aria-sort', () => {
    render(<SortedTable />)
    const apr = screen.getByRole('columnheader', { name: /APR/ })
    fireEvent.click(within(apr).getByRole('button'))
    expect(apr.getAttribute('aria-sort')).toBe('descending')
    expect(firstColumn()).toEqual(['USDT', 'ETH', 'BTC'])
    fireEvent.click(within(apr).getByRole('button'))
    expect(apr.getAttribute('aria-sort')).toBe('ascending')
    expect(firstColumn()).toEqual(['BTC', 'ETH', 'USDT'])

    const coin = screen.getByRole('columnheader', { name: /Coin/ })
    fireEvent.click(within(coin).getByRole('button'))
    expect(coin.getAttribute('aria-sort')).toBe('ascending')
    expect(apr.getAttribute('aria-sort')).toBe('none')
    expect(firstColumn()).toEqual(['BTC', 'ETH', 'USDT'])
  })

  it('nextSort flips the sorted column and starts another at its first direction', () => {
    expect(nextSort(undefined, 'apr')).toEqual({ key: 'apr', direction: 'desc' })
    expect(nextSort({ key: 'apr', direction: 'desc' }, 'apr')).toEqual({
      key: 'apr',
      direction: 'asc',
    })
    expect(nextSort({ key: 'apr', direction: 'asc' }, 'coin', 'asc')).toEqual({
      key: 'coin',
      direction: 'asc',
    })
  })
})
