import { pluralRu } from '#app/content/plural.ts'
import { launchList } from '../entries.ts'
import { href } from '../routes.ts'
import { SECTIONS } from '../sections.ts'
import { useLoad } from './use-load.ts'

// «Разделы»: every section at once, from the description baked into the script (nothing to wait
// for), then what is left before the launch, counted by the release check itself.

export function HomeScreen() {
  return (
    <>
      <h1>Разделы</h1>
      <LaunchLink />
      <ul className="menu">
        {SECTIONS.map((section) => (
          <li key={section.name}>
            <a href={href.section(section.name)}>{section.label}</a>
          </li>
        ))}
        <li>
          <a href={href.deleted}>Удалённое</a>
        </li>
      </ul>
    </>
  )
}

function LaunchLink() {
  const [loaded] = useLoad(() => launchList(), 'launch')
  if (loaded.state !== 'ready' || loaded.data.count === 0) return null
  const { count } = loaded.data
  return (
    <p className="notice launch-box">
      <a href={href.launch}>
        Что осталось до запуска: {count} {pluralRu(count, ['пункт', 'пункта', 'пунктов'])}
      </a>
    </p>
  )
}
