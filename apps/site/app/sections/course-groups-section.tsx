import { Link } from 'react-router'
import { anchors, paths } from '#app/config/paths.ts'
import { groupTimeText, type GroupEntry } from '#app/content/groups.ts'
import { GroupCard } from '#app/features/groups/group-card.tsx'
import { DetailSection } from './detail-section'

/**
 * «Расписание групп»: the course's groups, each with its days, time, ages, place, start and seats
 * left (docs/decisions/0075-groups-and-trials.md); absent when the course has none.
 */
export function CourseGroupsSection({ groups }: { groups: readonly GroupEntry[] }) {
  if (groups.length === 0) return null
  return (
    <DetailSection
      id="groups"
      title="Расписание групп"
      lead={
        <>
          Выберите удобную группу в{' '}
          <a href={`#${anchors.contact}`} className="font-bold text-brand-700 underline">
            заявке на пробный урок
          </a>
          . Всё расписание школы — на странице{' '}
          <Link to={paths.schedule} className="font-bold text-brand-700 underline">
            «Расписание»
          </Link>
          .
        </>
      }
    >
      <ul role="list" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {groups.map((group) => (
          <li key={group.id}>
            <GroupCard group={group} title={groupTimeText(group)} headingLevel={3} />
          </li>
        ))}
      </ul>
    </DetailSection>
  )
}
