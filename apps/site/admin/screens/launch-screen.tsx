import { pluralRu } from '#app/content/plural.ts'
import { launchList, type LaunchItem } from '../entries.ts'
import { formOf } from '../sections.ts'
import { href } from '../routes.ts'
import { LoadFailed } from './load-failed.tsx'
import { useLoad } from './use-load.ts'

// «Что осталось до запуска»: every shipped sample and stand-in fact the release check refuses,
// grouped by the entry to open; its count is the check's own.

export function LaunchScreen() {
  const [loaded, reload] = useLoad(() => launchList(true), 'launch-screen')
  return (
    <>
      <h1>Что осталось до запуска</h1>
      {loaded.state === 'loading' ? <p role="status">Проверяем сайт…</p> : null}
      {loaded.state === 'failed' ? <LoadFailed message={loaded.message} retry={reload} /> : null}
      {loaded.state === 'ready' ? (
        <Items items={loaded.data.items} count={loaded.data.count} />
      ) : null}
    </>
  )
}

function Items({ items, count }: { items: LaunchItem[]; count: number }) {
  if (count === 0) {
    return <p>Всё готово: образцов и примеров на сайте не осталось.</p>
  }
  const byPath = new Map<string, LaunchItem[]>()
  for (const item of items) byPath.set(item.path, [...(byPath.get(item.path) ?? []), item])
  return (
    <>
      <p>
        {count} {pluralRu(count, ['пункт', 'пункта', 'пунктов'])}: пока они есть, сайт работает как
        предпросмотр и поисковики его не показывают. Откройте каждую запись, впишите настоящее и
        снимите отметку «Образец» или удалите запись, если она не нужна.
      </p>
      <ul className="entries">
        {[...byPath].map(([path, listed]) => {
          const form = formOf(path)
          return (
            <li key={path}>
              {form ? (
                <a href={href.entry(path)}>
                  <span className="entry-title">
                    {form.file?.label ?? form.section.label_singular ?? form.section.label}
                  </span>
                  {listed.map((item) => (
                    <span key={item.text} className="entry-detail">
                      {item.text}
                    </span>
                  ))}
                </a>
              ) : (
                <div className="entry-static">
                  {listed.map((item) => (
                    <span key={item.text} className="entry-detail">
                      {item.text}
                    </span>
                  ))}
                </div>
              )}
            </li>
          )
        })}
      </ul>
    </>
  )
}
