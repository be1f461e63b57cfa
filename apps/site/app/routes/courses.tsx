import { paths } from '~/lib/paths'
import { seo } from '~/lib/seo'

export const meta = () =>
  seo({
    title: 'Курсы программирования для детей — IT Lab, Астрахань',
    description:
      'Все курсы IT Lab для детей 5–17 лет: Scratch, Roblox, Minecraft, Python, HTML и CSS, App Inventor, Kodu, нейросети и компьютерная грамотность. Цены и программы.',
    path: paths.courses,
  })

export default function CoursesPage() {
  return (
    <section className="bg-brand-600 px-4 py-16 text-white">
      <div className="mx-auto max-w-6xl">
        <h1 className="text-4xl font-extrabold">Наши курсы</h1>
      </div>
    </section>
  )
}
