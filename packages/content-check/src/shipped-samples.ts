// The texts of the sample entries the repository ships, by content folder
// (docs/decisions/0073-sample-entries.md). The release build refuses a page that shows one even
// after the owner clears an entry's «Образец» tick and keeps its words; shipped-samples.test.ts
// checks that every shipped sample file is named here.
export const SHIPPED_SAMPLE_TEXTS: Readonly<Record<string, readonly string[]>> = {
  groups: ['Образец: кабинет 1', 'Образец: кабинет 2', 'Образец: онлайн-класс'],
  // The sample pictures' names too: the built files keep them ('/assets/sample-photo-1-….webp').
  teachers: [
    'Имя Фамилия',
    'Имя Отчество Фамилия',
    'Здесь — пара слов о преподавателе',
    'Здесь — о втором преподавателе',
    'sample-teacher-',
  ],
  photos: [
    'Здесь будет подпись к фото',
    'Образец подписи: что ребята делают на занятии',
    'Образец подписи: замените фото',
    'sample-photo-',
  ],
  faq: ['Образец ответа', 'Образец вопроса'],
  reviews: ['Образец отзыва', 'образец подписи', 'Имя Фамилия, родитель ученика'],
}
