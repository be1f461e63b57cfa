import { ArrowUp } from 'lucide-react'

/** The button appears past this many pixels of scroll (docs/behaviour.md, "Course page"). */
export const SCROLL_TO_TOP_THRESHOLD = 300

/**
 * Floating 'Наверх' button, shown once the page is scrolled past 300 px; the page's script shows
 * it and scrolls (islands/page-behaviours.ts).
 */
export function ScrollToTopButton() {
  return (
    <button
      type="button"
      aria-label="Наверх"
      data-scrolled-past={SCROLL_TO_TOP_THRESHOLD}
      data-scroll-to-top=""
      className="invisible fixed right-4 bottom-4 z-20 grid size-12 translate-y-2 place-items-center rounded-full bg-brand-600 text-white opacity-0 shadow-lg transition-[opacity,transform,visibility] duration-200 hover:bg-brand-700 data-scrolled:visible data-scrolled:translate-y-0 data-scrolled:opacity-100 sm:right-6 sm:bottom-6"
    >
      <ArrowUp aria-hidden="true" className="size-6" />
    </button>
  )
}
