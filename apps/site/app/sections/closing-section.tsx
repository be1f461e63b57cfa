import { SectionHeading } from '#app/components/section-heading.tsx'
import { HOME_TEXTS } from '#app/content/home-texts.ts'
import { ContactSection } from './contact-section'

const STEPS = [
  { title: 'Оставьте заявку', text: 'Достаточно имени и номера телефона.' },
  {
    title: 'Мы свяжемся с вами',
    text: 'Ответим на вопросы и поможем выбрать курс по возрасту и интересам ребёнка.',
  },
  {
    title: 'Приходите на пробный урок',
    text: 'Бесплатно: познакомитесь с преподавателем и попробуете формат занятий.',
  },
] as const

/** The last section of the home page: how to start, and the contact block (anchor `contact`). */
export function ClosingSection() {
  return (
    <section aria-labelledby="closing-heading" className="bg-brand-50">
      <div className="mx-auto max-w-6xl px-4 pt-16 sm:pt-20">
        <SectionHeading id="closing-heading" {...HOME_TEXTS.closing} />
        <ol role="list" className="mt-10 grid list-none grid-cols-1 gap-5 md:grid-cols-3">
          {STEPS.map((step, index) => (
            <li
              key={step.title}
              className="flex gap-4 rounded-3xl bg-white p-6 shadow-sm ring-1 ring-slate-200"
            >
              <span
                aria-hidden="true"
                className="grid size-11 shrink-0 place-items-center rounded-full bg-accent-500 text-lg font-extrabold text-slate-900"
              >
                {index + 1}
              </span>
              <div>
                <h3 className="text-lg font-extrabold text-brand-900">{step.title}</h3>
                <p className="mt-1 text-slate-600">{step.text}</p>
              </div>
            </li>
          ))}
        </ol>
      </div>
      {/* «Как нас найти» above has the map links already. */}
      <ContactSection mapLinks={false} />
    </section>
  )
}
