import type { MetaDescriptor } from 'react-router'
import { env } from '#app/config/env.ts'
import { school } from '#app/config/school.ts'

const KEYWORDS = [
  school.name,
  'школа программирования',
  'программирование для детей',
  `курсы программирования ${school.city}`,
  `IT-школа ${school.city}`,
  'обучение детей программированию',
  'кружок программирования',
  'Scratch',
  'Scratch Junior',
  'Roblox Studio',
  'Python для детей',
  'Python для подростков',
  'HTML и CSS',
  'создание сайтов для детей',
  'Minecraft моды',
  'App Inventor',
  'мобильные приложения для детей',
  'Kodu Game Lab',
  'нейросети для детей',
  'искусственный интеллект для школьников',
  'компьютерная грамотность для детей',
  'разработка игр для детей',
  'пробный урок бесплатно',
  'дети 5–17 лет',
].join(', ')

export type PageSeo = {
  title: string
  description: string
  /** Site path for the canonical link; omitted on pages that have none (not-found views). */
  path?: string
  noindex?: boolean
}

/** The head tags every page carries (docs/behaviour.md, "Head tags"). */
export function seo({ title, description, path, noindex = false }: PageSeo): MetaDescriptor[] {
  const tags: MetaDescriptor[] = [
    { title },
    { name: 'description', content: description },
    // A preview before the launch, samples and all, is indexed nowhere (docs/decisions/0084).
    { name: 'robots', content: noindex || env.preview ? 'noindex, nofollow' : 'index, follow' },
    { name: 'keywords', content: KEYWORDS },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:type', content: 'website' },
    { property: 'og:locale', content: 'ru_RU' },
    { property: 'og:site_name', content: school.name },
    { property: 'og:image', content: `${env.siteUrl}/og-image.png` },
    { property: 'og:image:width', content: '1200' },
    { property: 'og:image:height', content: '630' },
    { name: 'twitter:card', content: 'summary_large_image' },
    { name: 'DC.title', content: title },
    { name: 'DC.description', content: description },
  ]
  if (path !== undefined) {
    tags.push({ tagName: 'link', rel: 'canonical', href: canonicalUrl(path) })
    tags.push({ property: 'og:url', content: canonicalUrl(path) })
  }
  return tags
}

export function canonicalUrl(path: string): string {
  return `${env.siteUrl}${path === '/' ? '/' : path}`
}

export function courseTitle(courseName: string): string {
  return `${courseName} — ${school.titleSuffix}`
}
