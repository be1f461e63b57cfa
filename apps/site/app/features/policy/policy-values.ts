import { env } from '~/config/env'
import { siteConfig } from '~/config/site-config'
import type { PolicyPlaceholderValues } from '~/content/policies/policy-document'

/** The operator's details that fill the '{{…}}' placeholders of the legal texts. */
export const policyValues: PolicyPlaceholderValues = {
  OWNER_NAME: siteConfig.owner.name,
  INN: siteConfig.owner.inn,
  OGRNIP: siteConfig.owner.ogrnip,
  EMAIL: siteConfig.email,
  ADDRESS: `${siteConfig.address.postalCode}, ${siteConfig.address.full}`,
  SITE_URL: env.siteUrl,
}
