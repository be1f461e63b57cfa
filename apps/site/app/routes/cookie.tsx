import { cookiePolicy } from '~/content/policies/cookie-policy'
import { PolicyView } from '~/features/policy/policy-view'
import { paths } from '~/lib/paths'
import { seo } from '~/lib/seo'

export const meta = () =>
  seo({
    title: 'Политика использования cookie — IT Lab, Астрахань',
    description: 'Политика использования cookie школы программирования IT Lab.',
    path: paths.cookiePolicy,
    noindex: true,
  })

export default function CookiePage() {
  return <PolicyView document={cookiePolicy} />
}
