import { paths } from '../../config/paths.ts'
import {
  crossBorder,
  signature,
  operatorLine,
  type PolicyContext,
  recipients,
  retentionPeriod,
  storedLeadData,
} from './policy-context.ts'
import type { PolicyDocument } from './policy-document.ts'

// The consent to personal data processing (route /consent): a document of its own, as the law
// requires since 1 September 2025. Each lead stores its version (see consent-version.ts), derived
// from this text, so the version changes whenever the text does. No advertising consent here.

export function consentDocument(ctx: PolicyContext): PolicyDocument {
  const withdraw = `по электронной почте ${ctx.email}, через форму обратной связи на Сайте или почтовым отправлением по адресу ${ctx.postalAddress}`
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
          `Оператор персональных данных — ${operatorLine(ctx)}, почтовый адрес: ${ctx.postalAddress}, электронная почта: ${ctx.email} (далее — Оператор), детская школа программирования ${ctx.schoolName}.`,
        ],
      },
      {
        id: 'purposes',
        heading: '2. Цели обработки',
        items: [
          'связаться со мной по моей заявке, ответить на вопросы и помочь выбрать курс;',
          'записать ребёнка на бесплатный пробный урок или на курс.',
        ],
      },
      {
        id: 'data',
        heading: '3. Перечень персональных данных',
        paragraphs: [
          'Имя и номер телефона, которые я указываю в форме. Вместе с ними хранятся служебные сведения о заявке: форма, через которую она отправлена, время отправки, версия настоящего согласия и сведения о доставке уведомления о заявке.',
          'Если я указываю данные несовершеннолетнего, я подтверждаю, что являюсь его родителем или иным законным представителем, и даю согласие на обработку этих данных на тех же условиях.',
        ],
      },
      {
        id: 'actions',
        heading: '4. Действия с персональными данными',
        paragraphs: [
          'Сбор, запись, систематизация, накопление, хранение, уточнение (обновление, изменение), извлечение, использование, передача (предоставление, доступ) лицам, указанным в разделе 5, блокирование, удаление и уничтожение — с использованием средств автоматизации и без них.',
          ...storedLeadData(ctx),
        ],
      },
      {
        id: 'recipients',
        heading: '5. Кому передаются данные и где они находятся',
        paragraphs: ['Персональные данные получают:'],
        items: recipients(ctx),
        subsections: crossBorder(ctx)
          ? [
              {
                heading: 'Трансграничная передача',
                paragraphs: [
                  'Я согласен(на) на трансграничную передачу моего имени и номера телефона в мессенджер Telegram, чтобы Оператор узнал о заявке.',
                ],
              },
            ]
          : undefined,
      },
      {
        id: 'term',
        heading: '6. Срок действия и отзыв согласия',
        paragraphs: [
          `Согласие действует в течение 3 лет с момента его предоставления. Заявка хранится не дольше ${retentionPeriod(ctx)} после получения, затем удаляется автоматически.`,
          `Я могу отозвать согласие в любой момент, написав Оператору ${withdraw}. После отзыва Оператор прекращает обработку и уничтожает мои персональные данные в течение 30 дней, если иное не предусмотрено законом.`,
        ],
      },
      {
        id: 'documents',
        heading: '7. Связанные документы',
        paragraphs: [
          `Порядок обработки описан в Политике в отношении обработки персональных данных (${ctx.siteUrl}${paths.personalDataPolicy}) и в Политике конфиденциальности (${ctx.siteUrl}${paths.privacyPolicy}).`,
        ],
      },
    ],
  }
}
