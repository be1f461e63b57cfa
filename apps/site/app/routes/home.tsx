import { paths } from '#app/config/paths.ts'
import { AnnouncementsSection } from '#app/sections/announcements-section.tsx'
import { ClosingSection } from '#app/sections/closing-section.tsx'
import { CoursesSection } from '#app/sections/courses-section.tsx'
import { HeroSection } from '#app/sections/hero-section.tsx'
import { LearningPathSection } from '#app/sections/learning-path-section.tsx'
import { QuizSection } from '#app/sections/quiz-section.tsx'
import { seo } from '#app/lib/seo.ts'
import { jsonLdMeta, organizationJsonLd } from '#app/lib/structured-data.ts'
import { school } from '#app/config/school.ts'

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
      <AnnouncementsSection />
      <CoursesSection />
      <LearningPathSection />
      <QuizSection />
      <ClosingSection />
    </>
  )
}
