import { ExternalLink } from 'lucide-react'
import { Link } from 'react-router'
import { paths } from '#app/config/paths.ts'
import { school } from '#app/config/school.ts'
import { paymentWays, type PaymentWay } from '#app/content/payment-ways.ts'
import { DetailSection } from './detail-section'

const WAYS = paymentWays(school)

/**
 * «Как оплатить обучение»: the ways to pay the owner confirmed, on the course page (near the
 * prices) and on the school's information page; absent without a licence or a confirmed way.
 */
export function PaymentSection({
  ways = WAYS,
  linkToInformation = true,
}: {
  ways?: readonly PaymentWay[]
  /** The information page's own copy does not link to itself. */
  linkToInformation?: boolean
}) {
  if (ways.length === 0) return null
  return (
    <DetailSection
      id="payment"
      title="Как оплатить обучение"
      lead="Кроме оплаты из своих средств, обучение можно оплатить так:"
    >
      <div className="grid grid-cols-1 gap-5 md:grid-cols-3">
        {ways.map((way) => (
          <div
            key={way.id}
            className="flex flex-col gap-3 rounded-3xl bg-white p-6 shadow-sm ring-1 ring-slate-200"
          >
            <h3 className="text-xl font-extrabold text-brand-900">{way.title}</h3>
            {way.paragraphs.map((paragraph, index) => (
              <p key={index} className="text-slate-700">
                {paragraph}
              </p>
            ))}
            {way.link && (
              <a
                href={way.link.href}
                target="_blank"
                rel="noopener noreferrer"
                className="mt-auto inline-flex min-h-11 items-center gap-1.5 font-bold text-brand-700 underline-offset-4 hover:underline"
              >
                {way.link.label}
                <ExternalLink aria-hidden="true" className="size-4" />
              </a>
            )}
          </div>
        ))}
      </div>
      {linkToInformation && (
        <p className="mt-6 text-slate-700">
          Реквизиты лицензии и владельца школы — на странице{' '}
          <Link
            to={paths.information}
            className="font-bold text-brand-700 underline underline-offset-4 hover:no-underline"
          >
            «Сведения об образовательной организации»
          </Link>
          .
        </p>
      )}
    </DetailSection>
  )
}
