import { describe, expect, it } from 'vitest'
import type { LeadRow } from './db.ts'
import { formatCsv, formatTable } from './report.ts'

const row: LeadRow = {
  id: 7,
  receivedAt: '2025-01-15T10:05:00.000Z',
  name: 'Анна',
  phone: '+7 (912) 345-67-89',
  form: 'feedback',
  consentVersion: '2025-01',
  clientIp: '203.0.113.7',
  userAgent: 'Mozilla/5.0 (X11; Linux)',
  status: 'sent',
  attempts: 1,
  nextAttemptAt: 0,
  lastError: null,
  sentAt: '2025-01-15T10:05:01.000Z',
  telegramMessageId: 3,
}

const HEADER =
  'id,received_at,name,phone,form,consent_version,client_ip,user_agent,status,attempts,sent_at,last_error'

describe('formatCsv', () => {
  it('writes a BOM, a header and CRLF rows; a leading + is kept as text', () => {
    expect(formatCsv([row])).toBe(
      `\uFEFF${HEADER}\r\n7,2025-01-15T10:05:00.000Z,Анна,'+7 (912) 345-67-89,feedback,2025-01,` +
        `203.0.113.7,Mozilla/5.0 (X11; Linux),sent,1,2025-01-15T10:05:01.000Z,\r\n`,
    )
  })

  it.each([
    ['comma', 'Иванов, Иван', '"Иванов, Иван"'],
    ['quote', 'Анна "Ани"', '"Анна ""Ани"""'],
    ['line break', 'А\nБ', '"А\nБ"'],
    ['formula', '=HYPERLINK("x")', `"'=HYPERLINK(""x"")"`],
    ['at sign', '@cmd', "'@cmd"],
    ['minus', '-1', "'-1"],
    ['plain', 'Анна', 'Анна'],
  ])('quotes a name with a %s', (_case, name, cell) => {
    const line = formatCsv([{ ...row, name }], { bom: false }).split('\r\n')[1] ?? ''
    expect(line.startsWith(`7,2025-01-15T10:05:00.000Z,${cell},`)).toBe(true)
  })

  it('takes another delimiter and quotes cells that contain it', () => {
    const csv = formatCsv([{ ...row, name: 'А;Б' }], { delimiter: ';', bom: false })
    expect(csv.split('\r\n')[0]).toBe(HEADER.replaceAll(',', ';'))
    expect(csv.split('\r\n')[1]).toMatch(/^7;2025-01-15T10:05:00.000Z;"А;Б";/)
  })

  it('writes only the header for no leads', () => {
    expect(formatCsv([], { bom: false })).toBe(`${HEADER}\r\n`)
  })
})

describe('formatTable', () => {
  it('lines up columns and shows local time and delivery state', () => {
    const table = formatTable([
      row,
      { ...row, id: 12, name: 'Борис\nБ', status: 'pending', attempts: 3 },
    ])
    expect(table.split('\n')).toEqual([
      'id  получена           имя      телефон             форма     доставка',
      '--  -----------------  -------  ------------------  --------  ----------',
      '7   15.01.2025, 14:05  Анна     +7 (912) 345-67-89  feedback  отправлена',
      '12  15.01.2025, 14:05  Борис Б  +7 (912) 345-67-89  feedback  ждёт (3)',
    ])
  })
})
