// The texts of the sample entries the repository ships, by content folder
// (docs/decisions/0073-sample-entries.md). The release build refuses a page that shows one even
// after the owner clears an entry's «Образец» tick and keeps its words; shipped-samples.test.ts
// checks that every shipped sample file is named here.
export const SHIPPED_SAMPLE_TEXTS: Readonly<Record<string, readonly string[]>> = {
  faq: ['Образец ответа', 'Образец вопроса'],
  reviews: ['Образец отзыва', 'образец подписи', 'Имя Фамилия, родитель ученика'],
}
