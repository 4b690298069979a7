import pg from 'pg'

// PostgreSQL parses and plans an unnamed statement every time it is sent. The server sends the
// same few hundred statement texts over and over (a pay-order is 20 of them), so each text is
// given a name the first time it is seen: node-postgres then parses it once per connection and
// afterwards sends only Bind and Execute, and PostgreSQL reuses the parse and, once it has
// settled on a generic plan, the plan (issue 28: the launch rush is CPU-bound). This is what
// postgres.js does by default. Only statements with parameters are named: a text without
// parameters is DDL, a migration or transaction control, sent rarely or never the same twice.

/** Distinct texts named per process at most; any beyond are sent unnamed, as before. */
export const NAMED_STATEMENTS_MAX = 2000

const names = new Map<string, string>()

/** The name for a statement text, or undefined past the bound. */
export function statementName(text: string): string | undefined {
  const known = names.get(text)
  if (known !== undefined || names.size >= NAMED_STATEMENTS_MAX) return known
  const name = `earn_${names.size}`
  names.set(text, name)
  return name
}

type QueryConfig = { text?: unknown; name?: unknown; values?: unknown; submit?: unknown }

function named(config: unknown, values: unknown): unknown {
  if (typeof config !== 'object' || config === null) return config
  const c = config as QueryConfig
  // A Submittable (cursor, stream) manages its own protocol; a named config is left as it is.
  if (typeof c.submit === 'function' || c.name || typeof c.text !== 'string') return config
  const params = Array.isArray(values) ? values : c.values
  if (!Array.isArray(params) || params.length === 0) return config
  const name = statementName(c.text)
  return name ? { ...c, name } : config
}

/** node-postgres' client, with every parameterised statement named (the pool's `Client`). */
export class NamedStatementClient extends pg.Client {
  constructor(config?: string | pg.ClientConfig) {
    super(config)
    const query = this.query.bind(this) as (...args: unknown[]) => unknown
    this.query = ((config: unknown, ...rest: unknown[]) =>
      query(named(config, rest[0]), ...rest)) as pg.Client['query']
  }
}
