import { paths } from '~/config/paths'
import { ClosingSection } from '~/sections/closing-section'
import { CoursesSection } from '~/sections/courses-section'
import { HeroSection } from '~/sections/hero-section'
import { LearningPathSection } from '~/sections/learning-path-section'
import { QuizSection } from '~/sections/quiz-section'
import { seo } from '~/lib/seo'
import { jsonLdMeta, organizationJsonLd } from '~/lib/structured-data'
import { school } from '~/config/school'

export const meta = () => [
  ...seo({
    title: `${school.name} — школа программирования для детей 5–17 лет в Астрахани`,
    description:
      'Курсы программирования для детей и подростков от 5 до 17 лет в центре Астрахани: Scratch, Roblox, Python, создание сайтов, компьютерная грамотность. Бесплатный пробный урок.',
    path: paths.home,
  }),
  jsonLdMeta(organizationJsonLd()),
]

export default function HomePage() {
  return (
    <>
      <HeroSection />
      <CoursesSection />
      <LearningPathSection />
      <QuizSection />
      <ClosingSection />
    </>
  )
}
