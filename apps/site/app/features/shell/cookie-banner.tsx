import { Link } from 'react-router'
import { paths } from '#app/config/paths.ts'

/**
 * The cookie banner, hidden in the prerendered HTML: the page's script shows it when the visitor
 * has not pressed 'Понятно' (or storage cannot be read) and handles the button
 * (islands/page-behaviours.ts, docs/behaviour.md "Cookie banner"). Compact, and in the corner from
 * the tablet width up: it never covers the first screen's calls to action.
 */
export function CookieBanner() {
  return (
    <section
      hidden
      data-cookie-banner=""
      aria-label="Уведомление о cookie"
      className="fixed inset-x-0 bottom-0 z-30 p-2 sm:left-auto sm:max-w-md sm:p-4"
    >
      <div className="flex items-center gap-3 rounded-2xl bg-slate-900 px-4 py-3 text-sm text-white shadow-xl sm:px-5 sm:py-4 sm:text-base">
        <p>
          Мы используем cookie, чтобы улучшать работу сайта.{' '}
          <Link to={paths.cookiePolicy} className="text-accent-400 underline underline-offset-4">
            Как это работает?
          </Link>
        </p>
        <button
          type="button"
          data-cookie-accept=""
          className="min-h-11 shrink-0 rounded-xl bg-accent-500 px-4 py-2 font-bold text-slate-900 hover:bg-accent-400 sm:px-5"
        >
          Понятно
        </button>
      </div>
    </section>
  )
}
