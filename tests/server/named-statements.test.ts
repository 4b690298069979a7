import { expect, it } from 'vitest'
import { NAMED_STATEMENTS_MAX, statementName } from '../../server/db/named-statements'

// The naming of statements (server/db/named-statements.ts); that PostgreSQL prepares them once
// is tests/server/pg/named-statements-pg.test.ts.

it('one name per statement text, stable, and none past the bound', () => {
  const first = statementName('select $1::integer as a')
  expect(first).toMatch(/^earn_\d+$/)
  expect(statementName('select $1::integer as a')).toBe(first)
  const second = statementName('select $1::integer as b')
  expect(second).not.toBe(first)
  for (let i = 0; statementName(`select ${i} + $1`) !== undefined; i++)
    expect(i).toBeLessThan(NAMED_STATEMENTS_MAX)
  // Past the bound: a new text is sent unnamed, the texts named before keep their names.
  expect(statementName('select $1::integer as c')).toBeUndefined()
  expect(statementName('select $1::integer as a')).toBe(first)
})
