import { Link } from 'react-router'
import { Logo } from '~/components/logo'
import { legalLine, siteConfig } from '~/config/site-config'
import { paths } from '~/lib/paths'

export function Footer() {
  return (
    <footer className="bg-brand-900 text-brand-100">
      <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-10 md:flex-row md:items-start md:justify-between">
        <div className="flex flex-col gap-3">
          <Logo inverted />
          <p>© {siteConfig.copyrightYear} Все права защищены</p>
        </div>
        <div className="flex flex-col gap-2 text-sm md:items-end md:text-right">
          <Link
            to={paths.privacyPolicy}
            className="font-bold text-white underline underline-offset-4 hover:no-underline"
          >
            Политика конфиденциальности
          </Link>
          <p>{legalLine}</p>
        </div>
      </div>
    </footer>
  )
}
