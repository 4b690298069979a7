// Drizzle needs one schema object: each domain's tables live in schema/<domain>.ts.
export * from './schema/identity'
export * from './schema/market'
export * from './schema/config'
export * from './schema/analytics'
export * from './schema/earn'
export * from './schema/export'
export * from './schema/telegram'
