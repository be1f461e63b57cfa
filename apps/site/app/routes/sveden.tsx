import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { NotFoundView, PAGE_NOT_FOUND } from '#app/components/not-found-view.tsx'
import { openingHoursLines } from '#app/config/opening-hours.ts'
import { hasInformationPage, paths } from '#app/config/paths.ts'
import { school } from '#app/config/school.ts'
import { courses } from '#app/content/courses.ts'
import { russianDate } from '#app/content/russian-date.ts'
import { formatRubles } from '#app/features/course/price-plans.ts'
import { seo } from '#app/lib/seo.ts'
import { PaymentSection } from '#app/sections/payment-section.tsx'

// «Сведения об образовательной организации» at its customary address (/sveden), built from the
// owner's facts and the shown courses; only a school with an education licence has it
// (docs/decisions/0076-answers-reviews-way-licence.md). Without one the address is not
// prerendered, so the server answers 404; a link followed in the app shows the same.

const TITLE = 'Сведения об образовательной организации'

export const meta = () =>
  hasInformationPage
    ? seo({
        title: `${TITLE} — ${school.titleSuffix}`,
        description: `${school.name}: владелец, реквизиты, адрес, контакты, лицензия на образовательную деятельность, образовательные программы и их стоимость.`,
        path: paths.information,
      })
    : seo({ ...__SEARCH_TEXTS__.notFound, noindex: true })

/** One fact: its name and its value. */
function Fact({ name, children }: { name: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-1 gap-1 border-b border-slate-200 py-3 sm:grid-cols-[16rem_1fr] sm:gap-6">
      <dt className="font-bold text-brand-900">{name}</dt>
      <dd className="text-slate-700">{children}</dd>
    </div>
  )
}

function InformationSection({
  id,
  title,
  children,
}: {
  id: string
  title: string
  children: ReactNode
}) {
  return (
    <section aria-labelledby={`${id}-heading`} className="py-8">
      <h2 id={`${id}-heading`} className="text-2xl font-extrabold text-brand-900 sm:text-3xl">
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  )
}

const HOURS = openingHoursLines(school.openingHours)

export default function InformationPage() {
  const { licence } = school
  if (!licence) {
    return <NotFoundView {...PAGE_NOT_FOUND} />
  }
  return (
    <>
      <section
        aria-labelledby="information-heading"
        className="bg-brand-700 bg-linear-to-br from-brand-600 to-brand-800 py-14 text-white sm:py-20"
      >
        <div className="mx-auto max-w-6xl px-4">
          <h1
            id="information-heading"
            className="text-4xl leading-tight font-extrabold sm:text-5xl"
          >
            {TITLE}
          </h1>
          <p className="mt-4 max-w-2xl text-lg text-brand-50 sm:text-xl">
            Кто ведёт обучение в школе {school.name}, на каком основании, по каким программам и за
            какую плату.
          </p>
        </div>
      </section>
      <div className="mx-auto max-w-6xl px-4 py-8 [content-visibility:visible]">
        <InformationSection id="basic" title="Основные сведения">
          <dl>
            <Fact name="Название школы">{school.name}</Fact>
            <Fact name="Индивидуальный предприниматель">{school.owner.name}</Fact>
            <Fact name="ИНН">{school.owner.inn}</Fact>
            <Fact name="ОГРНИП">{school.owner.ogrnip}</Fact>
            <Fact name="Адрес">
              {school.address.postalCode}, {school.region}, {school.address.full}
            </Fact>
            <Fact name="Телефон">
              <a href={`tel:${school.phone.tel}`} className="font-bold text-brand-800">
                {school.phone.number}
              </a>
            </Fact>
            <Fact name="Электронная почта">
              <a href={`mailto:${school.email}`} className="font-bold text-brand-800">
                {school.email}
              </a>
            </Fact>
            {HOURS.length > 0 && (
              <Fact name="Часы работы">
                {HOURS.map((line) => (
                  <span key={line} className="block">
                    {line}
                  </span>
                ))}
              </Fact>
            )}
          </dl>
        </InformationSection>
        <InformationSection id="licence" title="Лицензия на образовательную деятельность">
          <dl>
            <Fact name="Номер">{licence.number}</Fact>
            <Fact name="Дата выдачи">{russianDate(licence.date)}</Fact>
            <Fact name="Кем выдана">{licence.issuer}</Fact>
          </dl>
        </InformationSection>
        <InformationSection id="programmes" title="Образовательные программы">
          <p className="text-slate-700">
            Курсы школы: возраст, срок обучения, формат и стоимость одного занятия. Программа и все
            цены каждого курса — на его странице.
          </p>
          <div className="mt-4 overflow-x-auto">
            <table className="w-full min-w-[40rem] border-collapse text-left">
              <thead>
                <tr className="border-b-2 border-brand-200 text-brand-900">
                  <th scope="col" className="py-2 pr-4">
                    Программа
                  </th>
                  <th scope="col" className="py-2 pr-4">
                    Возраст
                  </th>
                  <th scope="col" className="py-2 pr-4">
                    Срок обучения
                  </th>
                  <th scope="col" className="py-2 pr-4">
                    Формат
                  </th>
                  <th scope="col" className="py-2">
                    Стоимость занятия
                  </th>
                </tr>
              </thead>
              <tbody>
                {courses.map((course) => (
                  <tr key={course.id} className="border-b border-slate-200 text-slate-700">
                    <th scope="row" className="py-2 pr-4 font-bold">
                      <Link to={paths.course(course.id)} className="text-brand-700 underline">
                        {course.title}
                      </Link>
                    </th>
                    <td className="py-2 pr-4">
                      {course.ageMin}–{course.ageMax} лет
                    </td>
                    <td className="py-2 pr-4">{course.duration}</td>
                    <td className="py-2 pr-4">{course.format}</td>
                    <td className="py-2">
                      от {formatRubles(Math.min(...Object.values(course.prices)))}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </InformationSection>
      </div>
      <PaymentSection linkToInformation={false} />
    </>
  )
}
