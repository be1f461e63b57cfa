import { paths } from '~/lib/paths'
import { seo } from '~/lib/seo'

export const meta = () =>
  seo({
    title: 'IT Lab — школа программирования для детей 5–17 лет в Астрахани',
    description:
      'Курсы программирования для детей и подростков от 5 до 17 лет в центре Астрахани: Scratch, Roblox, Python, создание сайтов, компьютерная грамотность. Бесплатный пробный урок.',
    path: paths.home,
  })

export default function HomePage() {
  return (
    <>
      <section id="hero" className="mx-auto max-w-6xl px-4 py-16">
        <h1 className="text-4xl font-extrabold text-brand-900">
          Программирование для детей от 5 до 17 лет
        </h1>
      </section>
      <section id="contact" className="mx-auto max-w-6xl px-4 py-16">
        <h2 className="text-3xl font-extrabold text-brand-900">Запишитесь на занятие</h2>
      </section>
    </>
  )
}
