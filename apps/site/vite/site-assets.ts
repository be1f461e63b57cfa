import { brandColors } from '#app/config/brand.ts'
import { school } from '#app/config/school.ts'
import { iconFiles, markSvg } from '#app/config/site-icons.ts'
import { WEB_MANIFEST_PATH } from '#app/config/web-manifest.ts'
import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import sharp from 'sharp'

/**
 * Text for an XML document (the Open Graph SVG, the sitemap): the owner may name the school
 * «Код & Роботы», and a bare `&` or `<` would make the file unreadable and fail the build.
 */
export function escapeXml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&apos;')
}

/** The Open Graph picture (1200 × 630) with the school's name, drawn by sharp into og-image.png. */
export function ogImageSvg(schoolName: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${brandColors['brand-600']}"/><stop offset="1" stop-color="${brandColors['brand-900']}"/></linearGradient></defs>
<rect width="1200" height="630" fill="url(#bg)"/>
<circle cx="1080" cy="90" r="190" fill="${brandColors['brand-500']}" opacity="0.55"/>
<circle cx="1010" cy="560" r="120" fill="${brandColors['accent-500']}" opacity="0.9"/>
<rect x="860" y="250" width="220" height="150" rx="22" fill="${brandColors['brand-50']}"/>
<rect x="878" y="268" width="184" height="114" rx="12" fill="${brandColors['brand-900']}"/>
<path d="M930 300l-22 25 22 25M1010 300l22 25-22 25" fill="none" stroke="${brandColors['accent-400']}" stroke-width="9" stroke-linecap="round" stroke-linejoin="round"/>
<g transform="translate(80 80)"><rect width="96" height="96" rx="26" fill="#fff"/><path d="M37 32l-16 16 16 16M59 32l16 16-16 16" fill="none" stroke="${brandColors['brand-600']}" stroke-width="8" stroke-linecap="round" stroke-linejoin="round"/></g>
<text x="196" y="148" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-weight="bold" font-size="56" fill="#fff">${escapeXml(schoolName)}</text>
<text x="80" y="300" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-weight="bold" font-size="60" fill="#fff">Школа программирования</text>
<text x="80" y="375" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-weight="bold" font-size="60" fill="#fff">для детей 5–17 лет</text>
<text x="80" y="470" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="34" fill="${brandColors['brand-100']}">Scratch · Roblox · Python · сайты · нейросети</text>
<text x="80" y="540" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="34" fill="${brandColors['accent-400']}">Астрахань, центр города</text>
</svg>`
}

/** An .ico holding one PNG image (the format allows PNG payloads since Windows Vista). */
function icoFromPng(png: Buffer, size: number): Buffer {
  const header = Buffer.alloc(22)
  header.writeUInt16LE(0, 0) // reserved
  header.writeUInt16LE(1, 2) // type: icon
  header.writeUInt16LE(1, 4) // one image
  header.writeUInt8(size >= 256 ? 0 : size, 6)
  header.writeUInt8(size >= 256 ? 0 : size, 7)
  header.writeUInt8(0, 8) // no palette
  header.writeUInt8(0, 9)
  header.writeUInt16LE(1, 10) // colour planes
  header.writeUInt16LE(32, 12) // bits per pixel
  header.writeUInt32LE(png.length, 14)
  header.writeUInt32LE(22, 18) // image data offset
  return Buffer.concat([header, png])
}

type SiteAssetOptions = {
  clientDir: string
  siteUrl: string
  /** Paths listed in the sitemap: the indexable pages only. */
  sitemapPaths: readonly string[]
  /** A preview before the launch: no crawler is let in (docs/decisions/0084). */
  preview: boolean
}

/** robots.txt: the site for every crawler but the editor, or nothing at all in a preview. */
export function robotsTxt(siteUrl: string, preview: boolean): string {
  if (preview) return 'User-agent: *\nDisallow: /\n'
  return [
    'User-agent: *',
    'Allow: /',
    // The owner's editor: not a page for search engines (it is noindex too).
    'Disallow: /admin/',
    // Yandex: pages that differ only by campaign tags are one page.
    'Clean-param: utm_source&utm_medium&utm_campaign&utm_term&utm_content',
    '',
    `Sitemap: ${siteUrl}/sitemap.xml`,
    '',
  ].join('\n')
}

/** Open Graph image, favicons, web manifest, sitemap.xml and robots.txt, written into the client build. */
export async function writeSiteAssets({
  clientDir,
  siteUrl,
  sitemapPaths,
  preview,
}: SiteAssetOptions) {
  const out = (name: string) => path.join(clientDir, name)
  const png = (svg: string) => sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer()

  await sharp(Buffer.from(ogImageSvg(school.name)))
    .png({ compressionLevel: 9 })
    .toFile(out('og-image.png'))
  const { favicon, faviconSize } = iconFiles
  await writeFile(out(favicon), icoFromPng(await png(markSvg(faviconSize)), faviconSize))
  await writeFile(out(iconFiles.appleTouchIcon), await png(markSvg(180, { rounded: false })))
  await writeFile(out('icon-192.png'), await png(markSvg(192, { rounded: false })))
  await writeFile(out('icon-512.png'), await png(markSvg(512, { rounded: false })))
  await writeFile(
    out(WEB_MANIFEST_PATH),
    `${JSON.stringify(
      {
        name: `${school.name} — школа программирования для детей`,
        short_name: school.name,
        lang: 'ru',
        start_url: '/',
        display: 'standalone',
        background_color: '#ffffff',
        theme_color: brandColors['brand-600'],
        icons: [
          { src: '/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any maskable' },
          { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any maskable' },
        ],
      },
      null,
      2,
    )}\n`,
  )

  const urls = sitemapPaths
    .map((pagePath) => `  <url><loc>${escapeXml(`${siteUrl}${pagePath}`)}</loc></url>`)
    .join('\n')
  await writeFile(
    out('sitemap.xml'),
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`,
  )
  await writeFile(out('robots.txt'), robotsTxt(siteUrl, preview))
}
