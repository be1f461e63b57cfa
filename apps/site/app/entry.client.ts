// The browser's entry (docs/decisions/0079-light-pages.md): no router and no whole-page
// hydration. A head script imports it once the first screen has painted
// (inline-scripts/load-after-first-paint.ts); it switches on what every page does and hydrates
// each island when it is due.
import { loadIslands } from '#app/islands/load-islands.ts'
import { startPage } from '#app/islands/page-behaviours.ts'
import { startTrialPopupTimer } from '#app/islands/trial-popup.ts'

loadIslands()
startTrialPopupTimer()
startPage()
