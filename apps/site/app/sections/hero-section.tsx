import { MapPin, Users } from 'lucide-react'
import { buttonClass } from '#app/components/button-styles.ts'
import { CallButton } from '#app/components/call-button.tsx'
import { ContactLink } from '#app/components/contact-link.tsx'
import { anchors } from '#app/config/paths.ts'
import { Island } from '#app/islands/island.tsx'
import { bindShortWords } from '#app/components/section-heading.tsx'
import { HOME_TEXTS } from '#app/content/home-texts.ts'
import { HeroIllustration } from './hero-illustration'

/** The first screen of the home page (anchor `hero`). Text first: it is the page's LCP. */
export function HeroSection() {
  const hero = HOME_TEXTS.hero
  return (
    <section
      id={anchors.hero}
      aria-labelledby="hero-heading"
      className="overflow-hidden bg-linear-to-b from-brand-50 to-white pt-8 pb-16 sm:pt-14 md:pb-20"
    >
      <div className="mx-auto grid max-w-6xl grid-cols-1 items-center gap-10 px-4 md:grid-cols-[1.15fr_0.85fr]">
        {/* On a phone the calls to action come right after the lead, above the fold and the
            cookie banner; the audience and the directions follow them. */}
        <div className="flex flex-col items-start">
          <p className="inline-flex items-center gap-2 rounded-full bg-white px-3 py-1.5 text-sm font-bold text-brand-700 shadow-sm ring-1 ring-brand-100">
            <MapPin aria-hidden="true" className="size-4 shrink-0" />
            {hero.badge}
          </p>
          <h1
            id="hero-heading"
            className="mt-5 text-[1.625rem] leading-tight font-extrabold text-balance text-brand-900 min-[360px]:text-[2rem] sm:text-5xl"
          >
            {bindShortWords(hero.heading)}
          </h1>
          <p className="mt-5 text-lg text-slate-700 sm:text-xl">{hero.text}</p>
          <p className="mt-6 inline-flex items-center gap-3 rounded-2xl max-sm:order-2 bg-accent-500/15 px-4 py-3 text-lg font-extrabold text-brand-900">
            <Users aria-hidden="true" className="size-6 shrink-0 text-accent-700" />
            {hero.audience}
          </p>
          {hero.tags.length > 0 && (
            <ul aria-label="Направления" className="mt-6 flex flex-wrap gap-2 max-sm:order-3">
              {hero.tags.map((name) => (
                <li
                  key={name}
                  className="rounded-full bg-white px-3 py-1 text-sm font-bold text-slate-700 ring-1 ring-slate-200"
                >
                  {name}
                </li>
              ))}
            </ul>
          )}
          <div className="mt-8 flex flex-col gap-3 self-stretch max-sm:order-1 sm:flex-row sm:flex-wrap">
            <ContactLink className={buttonClass('accent', 'lg', 'sm:min-w-56')}>
              Оставить заявку
            </ContactLink>
            <Island name="call-button" component={CallButton} props={{}} when="desktop" />
          </div>
        </div>
        <HeroIllustration className="mx-auto hidden max-w-md md:block" />
      </div>
    </section>
  )
}
