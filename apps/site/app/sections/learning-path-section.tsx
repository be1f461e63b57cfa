import { Award, BadgePercent, FolderCode, MapPin, type LucideIcon } from 'lucide-react'
import { Link } from 'react-router'
import { SampleBadge } from '#app/components/sample-badge.tsx'
import { SectionHeading } from '#app/components/section-heading.tsx'
import { courses } from '#app/content/courses.ts'
import { paths } from '#app/config/paths.ts'
import { HOME_TEXTS } from '#app/content/home-texts.ts'
import {
  COMPLETION,
  completionBenefits,
  FORMAT_PROMISE,
  shownFormat,
  type CompletionPromises,
  type FormatPromise,
} from '#app/content/promises.ts'

type Stage = { ageMin: number; ageMax: number; title: string; text: string }

// Every statement here follows from the course list; nothing about the school is invented.
const STAGES: readonly Stage[] = [
  {
    ageMin: 5,
    ageMax: 7,
    title: 'Знакомство с компьютером',
    text: 'Мышка, клавиатура, рисунки и первые алгоритмы — в игровой форме.',
  },
  {
    ageMin: 7,
    ageMax: 10,
    title: 'Первые программы и игры',
    text: 'Программы из блоков: мультфильмы, игры и 3D-миры без сложного кода.',
  },
  {
    ageMin: 11,
    ageMax: 13,
    title: 'Свои игры, моды и приложения',
    text: 'Первые скрипты, приложения для телефона и знакомство с нейросетями.',
  },
  {
    ageMin: 14,
    ageMax: 17,
    title: 'Языки профессиональных разработчиков',
    text: 'Python, HTML и CSS — проекты, с которых начинается путь в профессию.',
  },
]

type Feature = { title: string; text: string; icon: LucideIcon; sample: boolean }

const FEATURE_ICONS: Partial<Record<string, LucideIcon>> = {
  project: FolderCode,
  certificate: Award,
  discount: BadgePercent,
}

/**
 * What every course gives, as the owner promises it (content/promises.json): how lessons are held,
 * the project, the certificate, the next course's discount with its amount. Each only when filled
 * (docs/decisions/0089-every-promise-is-content.md).
 */
export function pathFeatures(format: FormatPromise, completion: CompletionPromises): Feature[] {
  const held = shownFormat(format)
  return [
    ...(held ? [{ title: held.title, text: held.text, icon: MapPin, sample: held.sample }] : []),
    ...completionBenefits(completion).flatMap(({ key, title, description }) => {
      const icon = FEATURE_ICONS[key]
      return icon ? [{ title, text: description, icon, sample: completion.sample }] : []
    }),
  ]
}

function ageText(stage: Stage): string {
  return `${stage.ageMin}–${stage.ageMax} лет`
}

/** How learning goes at IT Lab: the age steps of the course list and what every course gives. */
export function LearningPathSection({
  format = FORMAT_PROMISE,
  completion = COMPLETION,
}: {
  format?: FormatPromise
  completion?: CompletionPromises
}) {
  const features = pathFeatures(format, completion)
  return (
    <section aria-labelledby="path-heading" className="bg-brand-50 py-16 sm:py-20">
      <div className="mx-auto max-w-6xl px-4">
        <SectionHeading id="path-heading" {...HOME_TEXTS.path} />
        <ol
          role="list"
          className="mt-10 grid list-none grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-4"
        >
          {STAGES.map((stage, index) => {
            const stageCourses = courses.filter(
              (course) => course.ageMin === stage.ageMin && course.ageMax === stage.ageMax,
            )
            return (
              <li
                key={stage.ageMin}
                className="flex flex-col rounded-3xl bg-white p-6 shadow-sm ring-1 ring-slate-200"
              >
                <div className="flex items-center justify-between gap-3">
                  <span className="rounded-full bg-brand-600 px-3 py-1 text-sm font-extrabold text-white">
                    {ageText(stage)}
                  </span>
                  <span aria-hidden="true" className="text-3xl font-extrabold text-brand-200">
                    {index + 1}
                  </span>
                </div>
                <h3 className="mt-4 text-lg leading-snug font-extrabold text-brand-900">
                  {stage.title}
                </h3>
                <p className="mt-2 text-slate-600">{stage.text}</p>
                {stageCourses.length > 0 && (
                  <ul className="mt-4 flex flex-col gap-1 border-t border-slate-100 pt-4">
                    {stageCourses.map((course) => (
                      <li key={course.id}>
                        <Link
                          to={paths.course(course.id)}
                          className="inline-block rounded py-0.5 font-bold text-brand-700 underline decoration-brand-200 underline-offset-4 hover:decoration-brand-600"
                        >
                          {course.title}
                        </Link>
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            )
          })}
        </ol>
        {features.length > 0 && (
          <ul
            role="list"
            className="mt-12 grid list-none grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-4"
          >
            {features.map(({ title, text, icon: Icon, sample }) => (
              <li key={title} className="flex gap-4">
                <span className="grid size-12 shrink-0 place-items-center rounded-2xl bg-accent-500 text-slate-900">
                  <Icon aria-hidden="true" className="size-6" />
                </span>
                <div>
                  <h3 className="font-extrabold text-brand-900">
                    {title}
                    <SampleBadge sample={sample} />
                  </h3>
                  {text && <p className="mt-1 text-slate-600">{text}</p>}
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  )
}
