// The editor in plain, correct Russian (docs/decisions/0068-the-editor-on-a-phone.md): Decap's own
// Russian phrases with their mistakes corrected and the missing ones written, and the few
// messages Decap writes in English whatever the locale (a failed upload or delete, a picture
// that already exists) put into Russian where they appear.
import type { Phrases } from './decap.ts'

/** Decap's ru phrases that are wrong, English, jargon or missing. */
export const RUSSIAN_FIXES: Phrases = {
  app: {
    header: { content: 'Содержимое сайта', media: 'Картинки', quickAdd: 'Добавить' },
    app: {
      waitingBackend: 'Подключаемся к сайту…',
      checkConfigYml: 'Настройки редактора с ошибкой.',
    },
  },
  auth: { loginWithForgejo: 'Войти через Forgejo' },
  collection: {
    sidebar: { collections: 'Разделы', allCollections: 'Все разделы' },
    collectionTop: {
      newButton: 'Добавить: %{collectionLabel}',
      newButtonAriaLabel: 'Добавить: %{collectionLabel}',
      descending: 'По убыванию',
      viewAsList: 'Списком',
      viewAsGrid: 'Плиткой',
      searchResultsInCollection: 'Найдено по запросу «%{searchTerm}» в разделе «%{collection}»',
      searchResults: 'Найдено по запросу «%{searchTerm}»',
    },
    entries: { cachingEntries: 'Загрузка записей…', unpublishedHeader: 'Неопубликованные записи' },
    defaultFields: { updatedOn: { label: 'Дате изменения' } },
  },
  editor: {
    editorControl: {
      // Decap names each field's wrapper after its widget («string»); the input inside is named by
      // its label already, so the wrapper needs no name of its own.
      field: { optional: 'необязательно', widgetLabel: '' },
    },
    editorControlPane: {
      widget: {
        required: 'Заполните поле «%{fieldLabel}».',
        regexPattern: '%{pattern}.',
        range: 'Число от %{minValue} до %{maxValue}.',
        min: 'Не меньше %{minValue}.',
        max: 'Не больше %{maxValue}.',
        rangeCount: 'Нужно от %{minCount} до %{maxCount}.',
        rangeCountExact: 'Нужно ровно %{count}.',
        rangeMin: 'Нужно не меньше %{minCount}.',
        rangeMax: 'Можно не больше %{maxCount}.',
        invalidPath: 'Адрес «%{path}» с ошибкой',
        pathExists: 'Запись «%{path}» уже есть',
      },
    },
    editorInterface: {
      togglePreview: 'Показать или скрыть, как будет на сайте',
      toggleScrollSync: 'Прокручивать вместе',
      toggleNotes: 'Заметки',
    },
    editorToolbar: {
      changesSaved: 'Изменения сохранены',
      publish: 'Опубликовать',
      publishNow: 'Опубликовать сейчас',
      publishAndCreateNew: 'Опубликовать и добавить ещё',
      publishAndDuplicate: 'Опубликовать и сделать копию',
      deletePublishedEntry: 'Удалить запись',
      status: 'Статус: %{status}',
      backCollection: 'Раздел «%{collectionLabel}»',
      unsavedChanges: 'Несохранённые изменения',
    },
    editorWidgets: {
      object: { expand: 'Развернуть', collapse: 'Свернуть' },
      datetime: { setToNow: 'Поставить сегодняшнюю дату' },
      list: { add: 'Добавить %{item}', addType: 'Добавить %{item}' },
    },
    editor: {
      onDeletePublishedEntry:
        'Удалить эту запись с сайта? Вернуть её сможет только администратор сайта.',
      confirmLoadBackup: 'В этом браузере осталась несохранённая правка этой записи. Вернуть её?',
      onLeavePage: 'Уйти со страницы? Несохранённые изменения пропадут.',
    },
    editorNotesPane: {
      title: 'Заметки',
      emptyState: 'Заметок пока нет.',
      addNote: 'Добавить заметку',
      addPlaceholder: 'Заметка…',
      editPlaceholder: 'Заметка…',
      save: 'Сохранить',
      cancel: 'Отмена',
      edit: 'Изменить',
      delete: 'Удалить',
      resolve: 'Готово',
      unresolve: 'Вернуть',
      confirmDelete: 'Удалить заметку?',
      shortcut: 'Ctrl+Enter — добавить заметку',
    },
  },
  mediaLibrary: {
    mediaLibrary: {
      onDelete: 'Удалить эту картинку?',
      fileTooLarge: 'Файл слишком большой: можно до %{size} КБ.',
    },
    mediaLibraryModal: {
      loading: 'Загрузка картинок…',
      search: 'Найти по имени файла',
      noAssetsFound: 'Картинок пока нет.',
      noImagesFound: 'Картинок пока нет.',
      images: 'Картинки',
      mediaAssets: 'Картинки',
      upload: 'Загрузить картинку',
      close: 'Закрыть',
    },
    mediaLibraryCard: { copyUrl: 'Копировать адрес' },
  },
  ui: {
    settingsDropdown: { account: 'Меню' },
    toast: {
      onFailToPersist: 'Не удалось сохранить запись: %{details}',
      missingRequiredField: 'Не все поля заполнены: они отмечены красным.',
      onBackendDown: 'Сайт сейчас не отвечает. Попробуйте через минуту.',
      onLoggedOut: 'Вы вышли. Войдите снова, чтобы продолжить.',
      noteAdded: 'Заметка добавлена',
      onFailToAddNote: 'Не удалось добавить заметку: %{details}',
      noteUpdated: 'Заметка изменена',
      onFailToUpdateNote: 'Не удалось изменить заметку: %{details}',
      noteDeleted: 'Заметка удалена',
      onFailToDeleteNote: 'Не удалось удалить заметку: %{details}',
      noteResolved: 'Заметка закрыта',
      noteReopened: 'Заметка открыта снова',
      onFailToToggleNote: 'Не удалось изменить заметку: %{details}',
    },
  },
}

/** `base` with `fixes` laid over it, key by key. */
export function mergePhrases(base: Phrases, fixes: Phrases): Phrases {
  const merged: Phrases = { ...base }
  for (const [key, value] of Object.entries(fixes)) {
    const current = merged[key]
    merged[key] =
      typeof value === 'string' || typeof current !== 'object'
        ? value
        : mergePhrases(current, value)
  }
  return merged
}

/** Decap's English-only messages, as the owner should read them. */
const ENGLISH: [RegExp, (...groups: string[]) => string][] = [
  [/^Failed to persist media: /, () => 'Не удалось загрузить картинку: '],
  [/^Failed to delete media: /, () => 'Не удалось удалить картинку: '],
  [/^Failed to load media: /, () => 'Не удалось показать картинки: '],
  // The error's class name Decap prints before the gateway's sentence: «APIError: », «API_ERROR: ».
  [/\b\w*(?:Error|ERROR): /g, () => ''],
]

/** A message of Decap's in Russian (unchanged when it is already). */
export function russianMessage(text: string): string {
  return ENGLISH.reduce((result, [pattern, replace]) => result.replace(pattern, replace), text)
}

/** Decap's question before it overwrites a picture, in Russian. */
export function russianConfirm(question: string): string {
  const exists = /^(.+) already exists\. Do you want to replace it\?$/.exec(question)
  return exists ? `Картинка «${exists[1]}» уже загружена. Заменить её новой?` : question
}
