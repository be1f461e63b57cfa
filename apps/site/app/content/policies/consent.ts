import { paths } from '#app/config/paths.ts'
import {
  contactChannels,
  crossBorderTransfers,
  leadStorageRules,
  operatorLine,
  type PolicyContext,
  recipients,
  retentionPeriod,
  signature,
  storedLeadData,
} from './policy-context.ts'
import type { PolicyDocument } from './policy-document.ts'

// The consent to personal data processing (route /consent): a document of its own, as the law
// requires since 1 September 2025. Each lead stores its version (see consent-version.ts), derived
// from this text, so the version changes whenever the text does. No advertising consent here.

export function consentDocument(ctx: PolicyContext): PolicyDocument {
  const transfers = crossBorderTransfers(ctx)
  return {
    title: 'Согласие на обработку персональных данных',
    ...signature(ctx),
    intro: [
      `Отправляя форму на сайте ${ctx.siteUrl} (далее — Сайт) — заявку на обучение или запись на бесплатный пробный урок, — я свободно, своей волей и в своём интересе даю согласие на обработку моих персональных данных на условиях, изложенных ниже.`,
    ],
    sections: [
      {
        id: 'operator',
        heading: '1. Оператор',
        paragraphs: [
          `Оператор персональных данных — ${operatorLine(ctx)}, почтовый адрес: ${ctx.postalAddress}, электронная почта: ${ctx.email}, телефон: ${ctx.phone} (далее — Оператор), детская школа программирования ${ctx.schoolName}.`,
        ],
      },
      {
        id: 'purposes',
        heading: '2. Цели обработки',
        items: [
          'связаться со мной по моей заявке, ответить на вопросы и помочь выбрать курс;',
          'если я сам(а) попрошу об этом — напоминать о пробном уроке в Telegram и дать перенести или отменить его там, а если я жду места в группе без свободных мест — предложить мне там освободившееся место (если школа включила такие предложения);',
          ctx.sentry
            ? 'записать ребёнка на бесплатный пробный урок или на курс;'
            : 'записать ребёнка на бесплатный пробный урок или на курс.',
          ...(ctx.sentry
            ? ['узнать о сбое, если заявку не удалось отправить, и устранить его.']
            : []),
        ],
      },
      {
        id: 'data',
        heading: '3. Перечень персональных данных',
        paragraphs: [
          'Имя и номер телефона, которые я указываю в форме, возраст ребёнка, если я его указываю, и сведения о заявке, которые хранятся вместе с ними (перечислены ниже).',
          'Если я указываю данные несовершеннолетнего, я подтверждаю, что являюсь его родителем или иным законным представителем, и даю согласие на обработку этих данных на тех же условиях.',
        ],
        subsections: [{ heading: 'Что хранится о заявке', items: storedLeadData(ctx) }],
      },
      {
        id: 'actions',
        heading: '4. Действия с персональными данными',
        paragraphs: [
          'Сбор, запись, систематизация, накопление, хранение, уточнение (обновление, изменение), извлечение, использование, передача (предоставление, доступ) лицам, указанным в разделе 5, блокирование, удаление и уничтожение — с использованием средств автоматизации и без них.',
          ...leadStorageRules(ctx),
        ],
      },
      {
        id: 'recipients',
        heading: '5. Кому передаются данные и где они находятся',
        paragraphs: ['Персональные данные получают:'],
        items: recipients(ctx),
        subsections:
          transfers.length > 0
            ? [
                {
                  heading: 'Трансграничная передача',
                  paragraphs: [
                    'Я согласен(на) на трансграничную передачу моих персональных данных:',
                  ],
                  items: transfers.map((transfer, index) =>
                    index === transfers.length - 1 ? `${transfer}.` : `${transfer};`,
                  ),
                },
              ]
            : undefined,
      },
      {
        id: 'term',
        heading: '6. Срок действия и отзыв согласия',
        paragraphs: [
          `Согласие действует в течение 3 лет с момента его предоставления. Заявка удаляется автоматически через ${retentionPeriod(ctx)} после получения (заявка, которую ещё не удалось доставить в чат Telegram, — после доставки).`,
          `Я могу отозвать согласие или потребовать удалить мои данные в любой момент, сообщив об этом Оператору ${contactChannels(ctx)}. Форма на Сайте для этого не предназначена: она только передаёт заявку. Удаление выполняет Оператор: после отзыва он прекращает обработку и уничтожает мои персональные данные в течение 30 дней, если иное не предусмотрено законом.`,
        ],
      },
      {
        id: 'documents',
        heading: '7. Связанные документы',
        paragraphs: [
          `Порядок обработки описан в Политике в отношении обработки персональных данных (${ctx.siteUrl}${paths.personalDataPolicy}), в Политике конфиденциальности (${ctx.siteUrl}${paths.privacyPolicy}) и в Политике использования файлов cookie (${ctx.siteUrl}${paths.cookiePolicy}).`,
        ],
      },
    ],
  }
}
