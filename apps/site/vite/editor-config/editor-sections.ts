import { CONTENT_ROOT, type EntryFolder } from '@it-lab/shared/content'
import { announcementFields } from './announcements.ts'
import { courseFields } from './courses.ts'
import { faqFields } from './faq.ts'
import { groupFields } from './groups.ts'
import { pageTextCollection } from './page-texts.ts'
import { photoFields } from './photos.ts'
import { prizeFields } from './prizes.ts'
import { promiseFields } from './promises.ts'
import { reviewFields } from './reviews.ts'
import { schoolFields } from './school-facts.ts'
import { teacherFields } from './teachers.ts'
import { trialOfferFields } from './trial-offer.ts'

// The owner's editor at /admin: Decap CMS (docs/decisions/0055-decap-cms-editor.md), configured
// from the same limits and labels the build checks the content files with, so a value the
// editor accepts is one the build accepts (the build still checks: a file may be edited by hand).
// One file per section; the shapes they share are in fields.ts.

/** A folder of JSON files under content/, one entry a file, which the owner adds and deletes. */
const folderCollection = (name: EntryFolder, label: string, labelSingular: string) => ({
  name,
  label,
  label_singular: labelSingular,
  folder: `${CONTENT_ROOT}/${name}`,
})

/**
 * The editor's sections (apps/site/admin/sections.ts reads them): baked into the editor's script
 * at build, so the list of sections shows without a request.
 */
export function editorSections(): Record<string, unknown>[] {
  return [
    {
      // The editor's gateway deletes the course's picture with it when nothing else uses it.
      ...folderCollection('courses', 'Курсы', 'курс'),
      slug: '{{fields.id}}',
      fields: courseFields,
    },
    {
      ...folderCollection('announcements', 'Объявления', 'объявление'),
      slug: '{{year}}-{{month}}-{{day}}-{{hour}}{{minute}}{{second}}',
      fields: announcementFields,
    },
    {
      ...folderCollection('groups', 'Группы', 'группа'),
      // Latin and stable: the file's name is the group's id, which leads name.
      slug: 'kurs-{{fields.course}}-{{year}}{{month}}{{day}}-{{hour}}{{minute}}{{second}}',
      fields: groupFields,
    },
    {
      // The editor's gateway deletes the teacher's photo with them when nothing else uses it.
      ...folderCollection('teachers', 'Преподаватели', 'преподаватель'),
      slug: 'teacher-{{year}}-{{month}}-{{day}}-{{hour}}{{minute}}{{second}}',
      fields: teacherFields,
    },
    {
      ...folderCollection('photos', 'Фото школы', 'фото'),
      slug: 'photo-{{year}}-{{month}}-{{day}}-{{hour}}{{minute}}{{second}}',
      fields: photoFields,
    },
    {
      ...folderCollection('faq', 'Частые вопросы', 'вопрос'),
      slug: 'vopros-{{year}}-{{month}}-{{day}}-{{hour}}{{minute}}{{second}}',
      fields: faqFields,
    },
    {
      ...folderCollection('reviews', 'Отзывы', 'отзыв'),
      slug: 'otzyv-{{year}}-{{month}}-{{day}}-{{hour}}{{minute}}{{second}}',
      fields: reviewFields,
    },
    {
      name: 'school',
      label: 'Сведения о школе',
      files: [
        {
          name: 'facts',
          label: 'Контакты и реквизиты',
          file: 'content/school.json',
          fields: schoolFields,
        },
        { name: 'prizes', label: 'Призы', file: 'content/prizes.json', fields: prizeFields },
        {
          name: 'trial',
          label: 'Пробный урок',
          file: 'content/trial-offer.json',
          fields: trialOfferFields,
        },
        {
          name: 'promises',
          label: 'Обещания и скидки',
          file: 'content/promises.json',
          description:
            'Что сайт обещает родителям: как проходят занятия, что ребёнок получит после курса, промокод за тест. Пустое поле — этого обещания на сайте нет.',
          fields: promiseFields,
        },
      ],
    },
    pageTextCollection,
  ]
}
