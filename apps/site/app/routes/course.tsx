import { findCourse, findHiddenCourse } from '#app/content/courses.ts'
import { courseGroups } from '#app/content/groups.ts'
import { CourseHero } from '#app/features/course/course-hero.tsx'
import { CourseNotFound } from '#app/features/course/course-not-found.tsx'
import { CourseNotRunning, courseNotRunningText } from '#app/features/course/course-not-running.tsx'
import { ScrollToTopButton } from '#app/features/course/scroll-to-top-button.tsx'
import { paths } from '#app/config/paths.ts'
import { courseTitle, seo } from '#app/lib/seo.ts'
import { CourseGroupsSection } from '#app/sections/course-groups-section.tsx'
import { courseJsonLd, jsonLdMeta, teacherJsonLd } from '#app/lib/structured-data.ts'
import { courseTeachers } from '#app/content/teachers.ts'
import { teacherPicture } from '#app/content/teacher-pictures.ts'
import { CourseTeachersSection } from '#app/sections/course-teachers-section.tsx'
import { CompletionBenefitsSection } from '#app/sections/completion-benefits-section.tsx'
import { ContactSection } from '#app/sections/contact-section.tsx'
import { CoursePlanSection } from '#app/sections/course-plan-section.tsx'
import { CoursePricesSection } from '#app/sections/course-prices-section.tsx'
import { CourseSkillsSection } from '#app/sections/course-skills-section.tsx'
import { PaymentSection } from '#app/sections/payment-section.tsx'
import { PrizeSection } from '#app/sections/prize-section.tsx'
import { TrialPromoSection } from '#app/sections/trial-promo-section.tsx'
import type { Route } from './+types/course'
import { school } from '#app/config/school.ts'

export const meta = ({ params }: Route.MetaArgs) => {
  const course = findCourse(params.id)
  const hidden = course ? undefined : findHiddenCourse(params.id)
  if (hidden) {
    return seo({
      title: `Курс сейчас не проводится — ${school.titleSuffix}`,
      description: courseNotRunningText(hidden.title),
      noindex: true,
    })
  }
  if (!course) {
    return seo({
      title: `Курс не найден — ${school.titleSuffix}`,
      description: 'Извините, запрашиваемый курс не существует или был удалён.',
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
    ...courseTeachers(course.id).map((teacher) =>
      jsonLdMeta(teacherJsonLd(teacher, teacherPicture(teacher.photo).src)),
    ),
  ]
}

export default function CoursePage({ params }: Route.ComponentProps) {
  // The course list is built in and looked up synchronously, so there is no loading state
  // (and no spinner): the prerendered page already holds the found or not-found view.
  const course = findCourse(params.id)
  if (!course) {
    const hidden = findHiddenCourse(params.id)
    return hidden ? <CourseNotRunning title={hidden.title} /> : <CourseNotFound />
  }
  return (
    <>
      <CourseHero course={course} />
      <CourseSkillsSection courseId={course.id} />
      <CoursePlanSection course={course} />
      <CourseGroupsSection groups={courseGroups(course.id)} />
      <CourseTeachersSection courseId={course.id} />
      <CompletionBenefitsSection />
      <CoursePricesSection course={course} />
      <PaymentSection />
      <TrialPromoSection />
      <PrizeSection />
      <ContactSection />
      <ScrollToTopButton />
    </>
  )
}
