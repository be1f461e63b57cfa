import { ArrowUp } from 'lucide-react'
import { useScrolledPast } from '#app/components/use-scrolled-past.ts'

/** The button appears past this many pixels of scroll (docs/behaviour.md, "Course page"). */
export const SCROLL_TO_TOP_THRESHOLD = 300

/** Floating 'Наверх' button, shown once the page is scrolled past 300 px. */
export function ScrollToTopButton() {
  const visible = useScrolledPast(SCROLL_TO_TOP_THRESHOLD)

  const scrollToTop = () => {
    // Smooth unless the reader asked for reduced motion: the page's scroll-behavior (app.css).
    window.scrollTo({ top: 0 })
    // The button hides at the top; keyboard focus goes back to the start of the content.
    document.getElementById('main')?.focus({ preventScroll: true })
  }

  return (
    <button
      type="button"
      aria-label="Наверх"
      onClick={scrollToTop}
      className={`fixed right-4 bottom-4 z-20 grid size-12 place-items-center rounded-full bg-brand-600 text-white shadow-lg transition-[opacity,transform,visibility] duration-200 hover:bg-brand-700 sm:right-6 sm:bottom-6 ${
        visible ? 'visible translate-y-0 opacity-100' : 'invisible translate-y-2 opacity-0'
      }`}
    >
      <ArrowUp aria-hidden="true" className="size-6" />
    </button>
  )
}
