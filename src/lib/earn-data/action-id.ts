/**
 * A fresh idempotency key for one user action (contract clientOrderId: 8–64 of [A-Za-z0-9_-]):
 * made once per confirmation, so a retry of the same press never pays twice.
 */
export const newActionId = (prefix: string) => `${prefix}-${crypto.randomUUID()}`
