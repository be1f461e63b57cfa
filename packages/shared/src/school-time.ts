// The school's time: every time the owner, the operator's chat or a parent reads is Astrakhan's
// (UTC+4), wherever the server or the browser is.

export const SCHOOL_TIME_ZONE = 'Europe/Astrakhan'

const dateTime = new Intl.DateTimeFormat('ru-RU', {
  timeZone: SCHOOL_TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
})

/** 'dd.mm.yyyy, hh:mm' in the school's time zone. */
export function schoolTime(iso: string): string {
  return dateTime.format(new Date(iso))
}
