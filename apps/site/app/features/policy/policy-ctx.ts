import { env } from '~/config/env'
import { school } from '~/config/school'
import { policyContext } from '~/content/policies/policy-context'

/** The operator and the system's settings, as this build's legal texts state them. */
export const policyCtx = policyContext(school, env)
