import { execFile } from 'node:child_process'
import { createRequire } from 'node:module'
import path from 'node:path'
import { promisify } from 'node:util'
import type { Locator, Page } from '@playwright/test'
import { school } from '#app/config/school.ts'
import { buildSiteServer } from '../server/site-server.ts'
import { BUILD_DIR, LEAD_API_URL } from './e2e-env.ts'
import { expect, test } from './fixtures'

// The policies are built from the settings (docs/decisions/0028): the three that add or change a
// data flow are varied, and the policy pages of a real build must name exactly the flows that
// build has. Two builds, each setting on in one and off in the other: the e2e build (npm run
// build:e2e: Telegram in full, Metrika and Sentry on) and one built here with all three off or
// minimal. How one flow's text depends on another (Telegram's and Sentry's transfers abroad) is
// checked for every combination where the texts are made, in app/content/policies/policies.test.ts;
// this spec checks that the build puts them on its pages.

const run = promisify(execFile)
const SITE_DIR = path.join(import.meta.dirname, '..')
const REACT_ROUTER_CLI = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@react-router/dev/package.json')),
  'bin.cjs',
)
type Variant = {
  telegram: 'full' | 'minimal'
  metrika: boolean
  /** The words naming Sentry's server, when it is on. */
  sentry?: string
  /** Built here, rather than the e2e build the other specs open. */
  ownBuild: boolean
}

const VARIANTS: Variant[] = [
  {
    telegram: 'full',
    metrika: true,
    sentry: 'Sentry (сервер sentry.it-lab.test, Германия)',
    ownBuild: false,
  },
  { telegram: 'minimal', metrika: false, ownBuild: true },
]

const onOff = (on: boolean) => (on ? 'on' : 'off')

/** The site built with the variant's settings only, served on loopback. */
async function buildVariant(
  variant: Variant,
): Promise<{ origin: string; close: () => Promise<void> }> {
  const folder = `${BUILD_DIR}-settings/${variant.telegram}-metrika-${onOff(variant.metrika)}-sentry-${onOff(Boolean(variant.sentry))}`
  await run(process.execPath, [REACT_ROUTER_CLI, 'build'], {
    cwd: SITE_DIR,
    // Only these settings: nothing of the environment running the tests leaks into the build.
    env: {
      PATH: process.env.PATH,
      SITE_BUILD_DIR: folder,
      SITE_URL: 'https://it-lab.test',
      LEAD_API_URL,
      TELEGRAM_NOTIFY: variant.telegram,
      ...(variant.metrika ? { YANDEX_METRIKA_ID: '99999999' } : {}),
    },
    maxBuffer: 64 * 1024 * 1024,
  })
  const server = await buildSiteServer({ buildDir: path.join(SITE_DIR, folder) })
  return {
    origin: await server.listen({ port: 0, host: '127.0.0.1' }),
    close: () => server.close(),
  }
}

/** Opens a policy page and returns its main landmark and its whole visible text. */
async function openPolicy(page: Page, url: string): Promise<{ main: Locator; text: string }> {
  await page.goto(url)
  const main = page.getByRole('main')
  await expect(main.getByRole('heading', { level: 1 })).toBeVisible()
  return { main, text: (await main.innerText()).replace(/\s+/g, ' ') }
}

for (const variant of VARIANTS) {
  const { telegram, metrika } = variant
  const sentry = Boolean(variant.sentry)
  const crossBorder = (telegram === 'full' ? 1 : 0) + (sentry ? 1 : 0)

  test(`TELEGRAM_NOTIFY=${telegram}, Metrika ${onOff(metrika)}, Sentry ${onOff(sentry)}: the policies name exactly the flows that are on`, async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(240_000)
    const server = variant.ownBuild
      ? await buildVariant(variant)
      : { origin: baseURL ?? '', close: async () => {} }
    const { origin } = server
    try {
      const consent = await openPolicy(page, `${origin}/consent`)
      const recipients = consent.main
        .getByRole('region', { name: '5. Кому передаются данные и где они находятся' })
        .getByRole('list')
      const named = (await recipients.first().getByRole('listitem').allInnerTexts()).map((item) =>
        item.split(/[—:(]/)[0]?.trim(),
      )
      expect(named, 'every recipient, and only those').toEqual([
        'мессенджер Telegram',
        ...(metrika ? ['сервис веб-аналитики Яндекс Метрика'] : []),
        ...(sentry ? ['сервис отчётов об ошибках Sentry'] : []),
      ])
      const telegramItem = recipients.first().getByRole('listitem').first()
      if (telegram === 'full') {
        await expect(telegramItem).toContainText('сообщение о каждой заявке: имя, номер телефона')
      } else {
        await expect(telegramItem).toContainText('только «Новая заявка №N»')
        await expect(telegramItem).toContainText('без имени и номера телефона')
      }
      // The cross-border consent lists each transfer abroad, and is absent when there is none.
      await expect(
        consent.main.getByRole('heading', { name: 'Трансграничная передача' }),
      ).toHaveCount(crossBorder > 0 ? 1 : 0)
      await expect(recipients.nth(1).getByRole('listitem')).toHaveCount(crossBorder)
      expect(consent.text).toContain(`по телефону ${school.phone.number}`)

      const privacy = await openPolicy(page, `${origin}/privacy-policy`)
      const transfers = privacy.main.getByRole('region', { name: '5. Трансграничная передача' })
      await expect(transfers.getByRole('listitem')).toHaveCount(crossBorder)
      if (crossBorder === 0) await expect(transfers).toContainText('не осуществляет')

      const data = await openPolicy(page, `${origin}/personal-data-policy`)
      const cookie = await openPolicy(page, `${origin}/cookie`)
      for (const { text } of [consent, privacy, data, cookie]) {
        expect(text.includes('Яндекс Метрика'), 'Metrika named').toBe(metrika)
        expect(text.includes('Sentry'), 'Sentry named').toBe(sentry)
        expect(text).not.toContain('через форму обратной связи')
      }
      for (const { text } of [consent, privacy, data]) {
        if (variant.sentry) expect(text, 'Sentry server and country').toContain(variant.sentry)
        expect(text).toContain('«Заявка №N удалена…»')
      }

      expect(cookie.text).toContain('Сам Сайт файлов cookie не устанавливает.')
      expect(cookie.text).toContain('«quiz_suggested_course» (хранилище сессии')
      expect(cookie.text.includes('«_ym»'), 'Metrika cookies').toBe(metrika)
      expect(cookie.text.includes('IP-адрес'), 'data collected by cookies').toBe(metrika)
    } finally {
      await server.close()
    }
  })
}
