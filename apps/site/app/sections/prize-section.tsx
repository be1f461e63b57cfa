import { ExternalLink, Info } from 'lucide-react'
import { SampleBadge } from '#app/components/sample-badge.tsx'
import { SectionHeading } from '#app/components/section-heading.tsx'
import { drawDates, PRIZES, type PrizeColour, type PrizesFile } from '#app/content/prizes.ts'
import { PRIZE_ICONS } from './extra-icons'

const COLOUR_CLASSES: Record<PrizeColour, string> = {
  blue: 'bg-brand-100 text-brand-700',
  orange: 'bg-orange-100 text-orange-700',
  green: 'bg-emerald-100 text-emerald-700',
  purple: 'bg-violet-100 text-violet-700',
}

/**
 * 'За частое посещение — ценные призы' on the course page, with the draw's dates, organiser, how
 * prizes are handed and a link to its rules (38-ФЗ «О рекламе», ст. 9); gone without prizes.
 */
export function PrizeSection({ file = PRIZES }: { file?: PrizesFile }) {
  if (file.items.length === 0) return null
  const { draw } = file
  const dates = drawDates(draw)
  return (
    <section aria-labelledby="prizes-heading" className="py-12 sm:py-16">
      <div className="mx-auto max-w-6xl px-4">
        <SectionHeading
          id="prizes-heading"
          title={file.heading}
          lead={
            <>
              {file.intro}
              <SampleBadge sample={file.sample} />
            </>
          }
        />
        <ul
          role="list"
          className="mt-8 grid list-none grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4"
        >
          {file.items.map((prize) => {
            const Icon = PRIZE_ICONS[prize.icon]
            return (
              <li
                key={prize.title}
                className="flex gap-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:flex-col"
              >
                <span
                  className={`grid size-14 shrink-0 place-items-center rounded-2xl ${COLOUR_CLASSES[prize.colour]}`}
                >
                  <Icon aria-hidden="true" className="size-7" />
                </span>
                <div>
                  <h3 className="text-lg font-extrabold text-brand-900">{prize.title}</h3>
                  <p className="mt-1 text-slate-600 sm:mt-2">{prize.description}</p>
                </div>
              </li>
            )
          })}
        </ul>
        <p className="mt-6 flex items-start gap-2 text-slate-700">
          <Info aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-600" />
          {file.note}
        </p>
        {(dates || draw.organiser || draw.receiving || draw.rulesUrl) && (
          <div className="mt-4 flex flex-col gap-1 text-slate-700">
            {dates && <p>{dates}</p>}
            {draw.organiser && <p>Организатор: {draw.organiser}</p>}
            {draw.receiving && <p>{draw.receiving}</p>}
            {draw.rulesUrl && (
              <p>
                <a
                  href={draw.rulesUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-flex items-center gap-1 font-bold text-brand-700 underline underline-offset-4 hover:no-underline"
                >
                  Правила розыгрыша: призы, сроки, где и как их получить
                  <ExternalLink aria-hidden="true" className="size-4" />
                </a>
              </p>
            )}
          </div>
        )}
      </div>
    </section>
  )
}
