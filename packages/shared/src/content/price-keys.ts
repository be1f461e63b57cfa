/** The payment plans: a single visit, then the subscriptions (docs/decisions/0087). */
export const PRICE_KEYS = ['basic', 'month', 'fourMonth', 'year'] as const
