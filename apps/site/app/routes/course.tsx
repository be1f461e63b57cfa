import { findCourse } from '~/content/courses'
import { CourseHero } from '~/features/course/course-hero'
import { CourseNotFound } from '~/features/course/course-not-found'
import { ScrollToTopButton } from '~/features/course/scroll-to-top-button'
import { paths } from '~/config/paths'
import { courseTitle, seo } from '~/lib/seo'
import { courseJsonLd, jsonLdMeta } from '~/lib/structured-data'
import { CompletionBenefitsSection } from '~/sections/completion-benefits-section'
import { ContactSection } from '~/sections/contact-section'
import { CoursePlanSection } from '~/sections/course-plan-section'
import { CoursePricesSection } from '~/sections/course-prices-section'
import { CourseSkillsSection } from '~/sections/course-skills-section'
import { PrizeSection } from '~/sections/prize-section'
import { TrialPromoSection } from '~/sections/trial-promo-section'
import type { Route } from './+types/course'
import { school } from '~/config/school'

export const meta = ({ params }: Route.MetaArgs) => {
  const course = findCourse(params.id)
  if (!course) {
    return seo({
      title: `Курс не найден — ${school.titleSuffix}`,
      description: 'Извините, запрашиваемый курс не существует или был удален.',
      noindex: true,
    })
  }
  return [
    ...seo({
      title: courseTitle(course.title),
      description: course.description,
      path: paths.course(course.id),
    }),
    jsonLdMeta(courseJsonLd(course)),
  ]
}

export default function CoursePage({ params }: Route.ComponentProps) {
  // The course list is built in and looked up synchronously, so there is no loading state
  // (and no spinner): the prerendered page already holds the found or not-found view.
  const course = findCourse(params.id)
  if (!course) return <CourseNotFound />
  return (
    <>
      <CourseHero course={course} />
      <CourseSkillsSection courseId={course.id} />
      <CoursePlanSection course={course} />
      <CompletionBenefitsSection />
      <CoursePricesSection prices={course.prices} />
      <TrialPromoSection />
      <PrizeSection />
      <ContactSection />
      <ScrollToTopButton />
    </>
  )
}
