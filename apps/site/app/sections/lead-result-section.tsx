import { LEAD_ERRORS, NAME_MAX_LENGTH, SUBMIT_ERROR } from '@it-lab/shared'
import { CircleAlert, CircleCheck } from 'lucide-react'
import { Link } from 'react-router'
import { buttonClass } from '#app/components/button-styles.ts'
import { anchors, paths, type LeadErrorReason } from '#app/config/paths.ts'
import { school } from '#app/config/school.ts'
import { TrialDetailsList } from '#app/components/trial-details-list.tsx'
import { thanksText } from '#app/content/trial-details.ts'

/** What each error page says, in the form's own words (docs/behaviour.md, "Lead forms"). */
const REASON_TEXTS: Record<LeadErrorReason, string[]> = {
  name: [`Имя: ${LEAD_ERRORS.nameRequired.toLowerCase()} — до ${NAME_MAX_LENGTH} символов.`],
  phone: [`Телефон: ${LEAD_ERRORS.phoneInvalid.toLowerCase()}, например +7 912 345-67-89.`],
  'name-phone': [
    `Имя: ${LEAD_ERRORS.nameRequired.toLowerCase()} — до ${NAME_MAX_LENGTH} символов.`,
    `Телефон: ${LEAD_ERRORS.phoneInvalid.toLowerCase()}, например +7 912 345-67-89.`,
  ],
  failed: [SUBMIT_ERROR],
}

function CallUs() {
  return (
    <p className="mt-4 text-lg text-slate-700">
      Или позвоните нам:{' '}
      <a
        href={`tel:${school.phone.tel}`}
        className="font-bold whitespace-nowrap text-brand-800 underline underline-offset-4"
      >
        {school.phone.short}
      </a>
    </p>
  )
}

/**
 * The page a form posted without JavaScript leads to once the lead is stored: when the school calls
 * back, and the trial's details (docs/decisions/0089-every-promise-is-content.md).
 */
export function LeadSentSection() {
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-center px-4 py-16 text-center sm:py-24">
      <CircleCheck aria-hidden="true" className="size-16 text-green-600" />
      <h1 className="mt-4 text-3xl font-extrabold text-brand-900 sm:text-4xl">{thanksText()}</h1>
      <TrialDetailsList callBack={false} className="mt-6 self-stretch" />
      <CallUs />
      <Link to={paths.courses} className={buttonClass('primary', 'lg', 'mt-8')}>
        Посмотреть курсы
      </Link>
    </section>
  )
}

/** The page a form posted without JavaScript leads to when the lead was not taken. */
export function LeadErrorSection({ reason }: { reason: LeadErrorReason }) {
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-center px-4 py-16 text-center sm:py-24">
      <CircleAlert aria-hidden="true" className="size-16 text-red-700" />
      <h1 className="mt-4 text-3xl font-extrabold text-brand-900 sm:text-4xl">
        Заявка не отправлена
      </h1>
      <ul className="mt-4 flex flex-col gap-2 text-lg font-semibold text-red-700">
        {REASON_TEXTS[reason].map((text) => (
          <li key={text}>{text}</li>
        ))}
      </ul>
      <CallUs />
      <a
        href={`${paths.home}#${anchors.contact}`}
        // With JavaScript, back to the very form (islands/page-behaviours.ts).
        data-back-to-form=""
        className={buttonClass('accent', 'lg', 'mt-8')}
      >
        Вернуться к форме
      </a>
      <p className="mt-4 text-slate-600">
        Кнопка «Назад» браузера тоже вернёт к форме — с тем, что вы уже ввели.
      </p>
    </section>
  )
}
