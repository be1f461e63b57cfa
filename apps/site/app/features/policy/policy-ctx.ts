import { env } from '#app/config/env.ts'
import { school } from '#app/config/school.ts'
import { policyContext } from '#app/content/policies/policy-context.ts'

/** The operator and the system's settings, as this build's legal texts state them. */
export const policyCtx = policyContext(school, env)
