import { paths } from '#app/config/paths.ts'
import { AnnouncementsSection } from '#app/sections/announcements-section.tsx'
import { ClosingSection } from '#app/sections/closing-section.tsx'
import { CoursesSection } from '#app/sections/courses-section.tsx'
import { FaqSection } from '#app/sections/faq-section.tsx'
import { FindUsSection } from '#app/sections/find-us-section.tsx'
import { ReviewsSection } from '#app/sections/reviews-section.tsx'
import { faq } from '#app/content/faq.ts'
import { HeroSection } from '#app/sections/hero-section.tsx'
import { LearningPathSection } from '#app/sections/learning-path-section.tsx'
import { QuizSection } from '#app/sections/quiz-section.tsx'
import { SchoolPhotosSection } from '#app/sections/school-photos-section.tsx'
import { TeachersSection } from '#app/sections/teachers-section.tsx'
import { teachers } from '#app/content/teachers.ts'
import { teacherPicture } from '#app/content/teacher-pictures.ts'
import { seo } from '#app/lib/seo.ts'
import {
  faqPageJsonLd,
  jsonLdMeta,
  organizationJsonLd,
  teacherJsonLd,
} from '#app/lib/structured-data.ts'

export const meta = () => [
  ...seo({ ...__SEARCH_TEXTS__.home, path: paths.home }),
  jsonLdMeta(organizationJsonLd()),
  ...teachers.map((teacher) =>
    jsonLdMeta(teacherJsonLd(teacher, teacherPicture(teacher.photo).src)),
  ),
  // The page that shows the questions carries them (docs/decisions/0076).
  ...(faq.length > 0 ? [jsonLdMeta(faqPageJsonLd(faq))] : []),
]

export default function HomePage() {
  return (
    <>
      <HeroSection />
      <AnnouncementsSection />
      <CoursesSection />
      <LearningPathSection />
      <TeachersSection />
      <SchoolPhotosSection />
      <QuizSection />
      <ReviewsSection />
      <FaqSection />
      <FindUsSection />
      <ClosingSection />
    </>
  )
}
