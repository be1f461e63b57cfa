import plugin from 'tailwindcss/plugin'
import { brandColors } from './config/brand.ts'

// Registers the brand colours (app/config/brand.ts) as Tailwind theme colours: `bg-brand-600`,
// `text-accent-700`… The palette is defined once, in brand.ts.
const [brand, accent] = (['brand', 'accent'] as const).map((name) =>
  Object.fromEntries(
    Object.entries(brandColors)
      .filter(([key]) => key.startsWith(`${name}-`))
      .map(([key, value]) => [key.slice(name.length + 1), value]),
  ),
)

export default plugin(() => {}, { theme: { extend: { colors: { brand, accent } } } })
