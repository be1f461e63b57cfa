import type { ComponentType } from 'react'

/**
 * Every island's code, loaded only when the island is due (islands/load-islands.ts). The props a
 * component takes are what the prerender wrote into its element.
 */
export const islands = {
  'contact-form': () =>
    import('#app/features/contact-form/contact-form.tsx').then((module) => module.ContactForm),
  quiz: () => import('#app/features/quiz/quiz.tsx').then((module) => module.Quiz),
  'call-button': () =>
    import('#app/components/call-button.tsx').then((module) => module.CallButton),
} satisfies Record<string, () => Promise<ComponentType<never>>>

export type IslandName = keyof typeof islands
