import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { paths } from '#app/config/paths.ts'

type NotFoundViewProps = {
  heading: string
  message: string
  linkTo: string
  linkLabel: string
  children?: ReactNode
}

/** The 404 page's words: a missing page and a page the school does not show (no licence yet). */
export const PAGE_NOT_FOUND = {
  heading: 'Страница не найдена',
  message: 'Возможно, вы перешли по неверной ссылке или страница была удалена.',
  linkTo: paths.home,
  linkLabel: 'Вернуться на главную',
}

/** The shared body of the 404 page and the 'Курс не найден' view. */
export function NotFoundView({ heading, message, linkTo, linkLabel, children }: NotFoundViewProps) {
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-center px-4 py-16 text-center sm:py-24">
      {children}
      <h1 className="mt-4 text-3xl font-extrabold text-brand-900 sm:text-4xl">{heading}</h1>
      <p className="mt-4 text-lg text-slate-600">{message}</p>
      <Link
        to={linkTo}
        className="mt-8 rounded-xl bg-brand-600 px-6 py-3 font-bold text-white transition-colors hover:bg-brand-700"
      >
        {linkLabel}
      </Link>
    </section>
  )
}
