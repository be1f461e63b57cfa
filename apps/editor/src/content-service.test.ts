import { execFileSync } from 'node:child_process'
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { crc32, deflateSync } from 'node:zlib'
import sharp from 'sharp'
import { putBackShippedSamples } from '@it-lab/content-check/shipped-fixture'
import { contentDir } from '@it-lab/shared/content'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { contentCheck, fieldProblem } from './content-check.ts'
import { ContentService } from './content-service.ts'
import { developerGit } from '../test/developer-git.ts'

// The content service as an attacker with the owner's password (or a stolen session) meets it:
// every request below was answered «entry persisted» by decap-server behind the old guard, or
// ran a command, wrote outside content/, or stored script on the site's origin
// (docs/decisions/0081-the-editor-as-a-door.md). The real content check runs on each save. Then
// what the owner's editor is told: a refusal's problems by field, a sample, a missing entry.

const scratch = mkdtempSync(path.join(tmpdir(), 'it-lab-content-service-'))
const repo = path.join(scratch, 'repo')
/** Written by a hook or fsmonitor command if git ever runs one. */
const marker = path.join(scratch, 'pwned')
/** A file outside the repository that a link must not let anyone read or write. */
const outside = path.join(scratch, 'outside')

const warnings: string[] = []
let service: ContentService

const git = developerGit(repo)

const head = () => git('rev-parse', 'HEAD')
const file = (name: string) => path.join(repo, name)

function request(action: string, params: Record<string, unknown>) {
  return service.handle({ action, params: { branch: 'main', ...params } })
}

const persistOptions = { commitMessage: 'Update', useWorkflow: false, status: 'draft' }

function persist(dataFiles: Record<string, unknown>[], extra: Record<string, unknown> = {}) {
  return request('persistEntry', { dataFiles, assets: [], options: persistOptions, ...extra })
}

function persistMedia(name: string, bytes: Buffer) {
  return request('persistMedia', {
    asset: {
      path: `content/uploads/${name}`,
      content: bytes.toString('base64'),
      encoding: 'base64',
    },
    options: { commitMessage: `Upload ${name}` },
  })
}

const errorOf = (answer: { body: unknown }) => (answer.body as { error?: string }).error ?? ''

/** A PNG chunk: length, type, data, CRC. */
function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(typed))
  return Buffer.concat([length, typed, crc])
}

/** A PNG of a few hundred bytes whose header declares 30,000 × 30,000 pixels. */
function decompressionBomb(): Buffer {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(30_000, 0)
  header.writeUInt32BE(30_000, 4)
  header.set([8, 2, 0, 0, 0], 8)
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(30_001 * 16))),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

beforeAll(() => {
  cpSync(contentDir(), file('content'), { recursive: true })
  putBackShippedSamples(file('content'))
  git('init', '--quiet', '--initial-branch=main')
  git('add', '--all')
  git('commit', '--quiet', '--message', 'shipped content')
  // Everything git could run in this repository writes the marker.
  const hook = `#!/bin/sh\ntouch '${marker}'\n`
  for (const name of ['pre-commit', 'post-commit', 'commit-msg', 'reference-transaction']) {
    writeFileSync(path.join(repo, '.git/hooks', name), hook)
    chmodSync(path.join(repo, '.git/hooks', name), 0o755)
  }
  git('config', 'core.fsmonitor', `touch '${marker}' #`)
  writeFileSync(outside, 'outside the repository\n')
  service = new ContentService({
    repo,
    branch: 'main',
    identity: { name: 'Редактор сайта', email: 'editor@it-lab.local' },
    check: contentCheck,
    warn: (message) => warnings.push(message),
  })
})

afterAll(() => rmSync(scratch, { recursive: true, force: true }))

describe('a save runs nothing on the server', () => {
  it('a nested repository in one save is refused; no command runs, now or at the next save', async () => {
    const before = head()
    const nested = [
      { path: 'content/evil/.git/HEAD', raw: 'ref: refs/heads/main\n' },
      { path: 'content/evil/.git/refs/heads/main', raw: `${before}\n` },
      { path: 'content/evil/.git/objects/info/alternates', raw: `${repo}/.git/objects\n` },
      { path: 'content/evil/.git/config', raw: `[core]\n\tfsmonitor = touch '${marker}' #\n` },
    ]
    const refused = await persist(nested)
    expect(refused.status).toBe(422)
    for (const one of nested) expect((await persist([one])).status).toBe(422)
    expect(existsSync(file('content/evil'))).toBe(false)
    expect(head()).toBe(before)

    // The owner's next ordinary save: a commit of that one file, and still no command.
    const faq = JSON.parse(readFileSync(file('content/faq/vozrast.json'), 'utf8')) as {
      answer: string
    }
    const saved = await persist([
      {
        path: 'content/faq/vozrast.json',
        raw: JSON.stringify({ ...faq, answer: `${faq.answer} Ждём вас!` }, null, 2),
      },
    ])
    expect(saved.status).toBe(200)
    expect(git('show', '--name-only', '--format=%ae', 'HEAD').split('\n')).toEqual([
      'editor@it-lab.local',
      '',
      'content/faq/vozrast.json',
    ])
    expect(existsSync(marker)).toBe(false)
  })

  it('a nested repository already on disk (left by an old attack) runs nothing either', async () => {
    const nested = file('content/planted')
    mkdirSync(nested)
    execFileSync('git', ['init', '--quiet'], { cwd: nested })
    execFileSync('git', ['config', 'core.fsmonitor', `touch '${marker}' #`], { cwd: nested })
    writeFileSync(path.join(nested, 'a.txt'), 'x')
    try {
      const saved = await persistMedia('planted.png', await png(640, 400))
      expect(saved.status).toBe(200)
      expect(git('show', '--name-only', '--format=', 'HEAD')).toBe('content/uploads/planted.png')
      expect(existsSync(marker)).toBe(false)
    } finally {
      rmSync(nested, { recursive: true, force: true })
    }
  })

  it('a content/.gitignore of «*» cannot be saved, and one put there by hand hides no save', async () => {
    expect((await persist([{ path: 'content/.gitignore', raw: '*\n' }])).status).toBe(422)
    writeFileSync(file('content/.gitignore'), '*\n')
    try {
      const before = head()
      const saved = await persist([
        {
          path: 'content/faq/novyj-vopros.json',
          // A copy of a shipped sample, as the owner's own: nothing new is a sample.
          raw: JSON.stringify({
            ...(JSON.parse(readFileSync(file('content/faq/vozrast.json'), 'utf8')) as object),
            sample: false,
          }),
        },
      ])
      expect(saved.status).toBe(200)
      expect(head()).not.toBe(before)
      expect(git('ls-tree', '--name-only', 'HEAD', 'content/faq/')).toContain(
        'content/faq/novyj-vopros.json',
      )
    } finally {
      rmSync(file('content/.gitignore'))
    }
  })
})

describe('only what a collection names', () => {
  const hostile = [
    'package.json',
    '/etc/passwd',
    'content/../package.json',
    'content/courses/../../package.json',
    'content/courses/../school.json',
    'content/./courses/1.json',
    'content//courses/1.json',
    'content/courses/1.json/',
    'content/courses/.1.json',
    'content/courses/1.JSON',
    'content/courses/abc.json',
    'content/courses/%2e%2e%2fpackage.json',
    'content/courses/..%2f..%2fpackage.json',
    'content/courses/a/1.json',
    'content\\courses\\1.json',
    'content/courses/1.json\0.png',
    'CONTENT/courses/1.json',
    'content/faq/.hidden.json',
    'content/groups/Evil.json',
    'content/uploads/.htaccess',
    'content/uploads/x.html',
    'content/uploads/x.png/../y.png',
    'content/evil/.git/config',
    'content/.gitignore',
    'content/school.json.bak',
    'apps/site/app/root.tsx',
  ]

  it.each(hostile)('%s is neither read nor written', async (name) => {
    const before = head()
    expect((await request('getEntry', { path: name })).status).toBe(422)
    expect((await request('getMediaFile', { path: name })).status).toBe(422)
    expect((await persist([{ path: name, raw: '{"hacked": true}' }])).status).toBe(422)
    expect((await request('deleteFile', { path: name, options: persistOptions })).status).toBe(422)
    expect(head()).toBe(before)
    expect(git('status', '--porcelain')).toBe('')
  })

  it('a folder the editor does not list is refused, and so are the single files as folders', async () => {
    for (const folder of ['content', 'content/..', 'apps', 'content/uploads/..', '.git']) {
      const listed = await request('entriesByFolder', { folder, extension: 'json', depth: 1 })
      expect(listed.status).toBe(422)
    }
    expect((await request('getMedia', { mediaFolder: 'content' })).status).toBe(422)
  })

  it('a rename moves exactly that one file, within its folder', async () => {
    const faq = git('ls-tree', '--name-only', 'HEAD', 'content/faq/').split('\n')
    const raw = readFileSync(file('content/faq/probnyj-urok.json'), 'utf8')
    const moved = await persist([
      { path: 'content/faq/probnyj-urok.json', newPath: 'content/faq/probnoe-zanyatie.json', raw },
    ])
    expect(moved.status).toBe(200)
    expect(
      git('show', '--no-renames', '--name-status', '--format=', 'HEAD').split('\n').sort(),
    ).toEqual(['A\tcontent/faq/probnoe-zanyatie.json', 'D\tcontent/faq/probnyj-urok.json'])
    const after = git('ls-tree', '--name-only', 'HEAD', 'content/faq/').split('\n')
    expect(after).toHaveLength(faq.length)
    expect(git('status', '--porcelain')).toBe('')

    const before = head()
    const across = await persist([
      { path: 'content/faq/vozrast.json', newPath: 'content/courses/99.json', raw },
    ])
    expect(across.status).toBe(422)
    const two = await persist([
      { path: 'content/faq/vozrast.json', raw },
      { path: 'content/faq/chto-vzyat.json', raw },
    ])
    expect(two.status).toBe(422)
    expect(head()).toBe(before)
  })

  it('a single section is never renamed, not even onto another one beside it', async () => {
    const before = head()
    for (const [from, to] of [
      ['content/pages/home.json', 'content/pages/course.json'],
      ['content/prizes.json', 'content/trial-offer.json'],
      ['content/school.json', 'content/prizes.json'],
    ] as const) {
      const raw = readFileSync(file(from), 'utf8')
      const moved = await persist([{ path: from, newPath: to, raw }])
      expect(moved.status).toBe(422)
      expect(readFileSync(file(from), 'utf8')).toBe(raw)
    }
    expect(head()).toBe(before)
    expect(git('status', '--porcelain')).toBe('')
  })

  it('workflow options, another branch and actions the editor does not use are refused', async () => {
    const before = head()
    const raw = readFileSync(file('content/faq/vozrast.json'), 'utf8')
    const workflow = await persist([{ path: 'content/faq/vozrast.json', raw }], {
      options: { ...persistOptions, useWorkflow: true, collectionName: 'faq' },
    })
    expect(workflow.status).toBe(422)
    const branch = await service.handle({
      action: 'persistEntry',
      params: {
        branch: 'cms/faq/vozrast',
        dataFiles: [{ path: 'content/faq/vozrast.json', raw }],
        assets: [],
        options: persistOptions,
      },
    })
    expect(branch.status).toBe(422)
    for (const action of [
      'unpublishedEntries',
      'publishUnpublishedEntry',
      'updateUnpublishedEntryStatus',
      'deleteUnpublishedEntry',
    ]) {
      expect((await request(action, { collection: 'faq', slug: 'vozrast' })).status).toBe(422)
    }
    expect(git('branch', '--list')).toBe('* main')
    expect(git('config', '--local', '--list')).not.toMatch(/^branch\./m)
    expect(head()).toBe(before)
  })
})

describe('no link leads out of content/', () => {
  it('a linked folder is neither listed, read nor written through', async () => {
    const away = path.join(scratch, 'away')
    mkdirSync(away, { recursive: true })
    writeFileSync(path.join(away, 'stolen.json'), '{"secret": true}')
    rmSync(file('content/reviews'), { recursive: true })
    symlinkSync(away, file('content/reviews'))
    try {
      const listed = await request('entriesByFolder', {
        folder: 'content/reviews',
        extension: 'json',
        depth: 1,
      })
      expect(listed.status).toBe(422)
      expect(JSON.stringify(listed.body)).not.toContain('secret')
      const read = await request('getEntry', { path: 'content/reviews/stolen.json' })
      expect(read.status).toBe(422)
      const written = await persist([
        { path: 'content/reviews/otzyv-novyj.json', raw: '{"author": "x"}' },
      ])
      expect(written.status).toBe(422)
      expect(existsSync(path.join(away, 'otzyv-novyj.json'))).toBe(false)
    } finally {
      rmSync(file('content/reviews'))
      git('checkout', '--', 'content/reviews')
    }
  })

  it('a linked file is neither read nor overwritten', async () => {
    const before = head()
    symlinkSync(outside, file('content/faq/ssylka.json'))
    try {
      expect((await request('getEntry', { path: 'content/faq/ssylka.json' })).status).toBe(422)
      const written = await persist([
        { path: 'content/faq/ssylka.json', raw: '{"question": "?", "answer": "!"}' },
      ])
      expect(written.status).toBe(422)
      expect(readFileSync(outside, 'utf8')).toBe('outside the repository\n')
      expect(head()).toBe(before)
    } finally {
      rmSync(file('content/faq/ssylka.json'))
    }
  })
})

/** A plain picture of the given size, as a phone would send it. */
const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#cc6633' } })
    .png()
    .toBuffer()

describe('pictures are pictures', () => {
  const svgs = {
    script: '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    'prefixed script':
      '<svg xmlns="http://www.w3.org/2000/svg"><s:script xmlns:s="http://www.w3.org/2000/svg">alert(1)</s:script></svg>',
    'XHTML script':
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:h="http://www.w3.org/1999/xhtml"><h:script>alert(1)</h:script></svg>',
    'entity javascript: link':
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"><a xlink:href="&#106;avascript:alert(1)"><text y="20">x</text></a></svg>',
    'set to javascript:':
      '<svg xmlns="http://www.w3.org/2000/svg"><a><set attributeName="href" to="javascript:alert(1)"/><text y="20">x</text></a></svg>',
    'prefixed foreignObject':
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:x="http://www.w3.org/2000/svg"><x:foreignObject><iframe xmlns="http://www.w3.org/1999/xhtml" src="javascript:alert(1)"/></x:foreignObject></svg>',
    'a harmless drawing':
      '<svg xmlns="http://www.w3.org/2000/svg"><rect width="1" height="1"/></svg>',
  }

  it.each(Object.entries(svgs))(
    'an SVG (%s) is refused as a picture and as a data file',
    async (_what, svg) => {
      const before = head()
      for (const name of ['drawing.svg', 'drawing.png']) {
        const refused = await persistMedia(name, Buffer.from(svg))
        expect(refused.status).toBe(422)
      }
      expect(errorOf(await persistMedia('drawing.svg', Buffer.from(svg)))).toMatch(
        /^Рисунки SVG редактор не принимает/,
      )
      for (const name of [
        'content/uploads/drawing.svg',
        'content/courses/1.svg',
        'content/faq/x.svg',
      ]) {
        expect((await persist([{ path: name, raw: svg }])).status).toBe(422)
      }
      const withAsset = await persist(
        [
          {
            path: 'content/faq/vozrast.json',
            raw: readFileSync(file('content/faq/vozrast.json'), 'utf8'),
          },
        ],
        {
          assets: [
            {
              path: 'content/uploads/drawing.svg',
              content: Buffer.from(svg).toString('base64'),
              encoding: 'base64',
            },
          ],
        },
      )
      expect(withAsset.status).toBe(422)
      expect(head()).toBe(before)
      expect(existsSync(file('content/uploads/drawing.svg'))).toBe(false)
    },
  )

  it('a polyglot (a photo that is also a page with a script) is stored as the photo alone', async () => {
    const photo = await sharp({
      create: { width: 800, height: 500, channels: 3, background: '#123456' },
    })
      .jpeg()
      .toBuffer()
    const page = Buffer.from('<html><body><script>alert(document.cookie)</script></body></html>')
    const stored = await persistMedia('polyglot.jpg', Buffer.concat([photo, page]))
    expect(stored.status).toBe(200)
    const bytes = readFileSync(file('content/uploads/polyglot.jpg'))
    expect(bytes.includes('<script')).toBe(false)
    expect(bytes.includes('<html')).toBe(false)
    const metadata = await sharp(bytes).metadata()
    expect(metadata).toMatchObject({ format: 'jpeg', width: 800, height: 500 })
    expect(git('show', '--name-only', '--format=', 'HEAD')).toBe('content/uploads/polyglot.jpg')
  })

  it('a decompression bomb is refused in Russian before it is decoded; nothing is stored', async () => {
    const before = head()
    const bomb = decompressionBomb()
    const started = performance.now()
    const refused = await persistMedia('bomb.png', bomb)
    const took = Math.round(performance.now() - started)
    expect(refused.status).toBe(413)
    expect(errorOf(refused)).toMatch(/^Картинка «bomb\.png» слишком большая по размеру в точках/)
    expect(existsSync(file('content/uploads/bomb.png'))).toBe(false)
    expect(head()).toBe(before)
    // The figure the decision record reports (no threshold here: tests run on busy machines).
    console.info(`a ${bomb.length}-byte 30,000 × 30,000 PNG refused in ${took} ms`)
  })

  it('a picture that is not what its name says, or is broken, is refused', async () => {
    const jpeg = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#fff' } })
      .jpeg()
      .toBuffer()
    expect((await persistMedia('photo.png', jpeg)).status).toBe(422)
    const broken = Buffer.concat([jpeg.subarray(0, 200)])
    const refused = await persistMedia('broken.jpg', broken)
    expect(refused.status).toBe(422)
    expect(errorOf(refused)).toMatch(/^Картинку «broken\.jpg» не удалось прочитать/)
  })
})

type Refused = { error?: string; problems?: { file: string; field: string; message: string }[] }
const refusalOf = (answer: { body: unknown }) => answer.body as Refused

describe('a refusal by the check names each field', () => {
  it.each([
    [
      {
        file: 'content/courses/4.json',
        field: 'prices.basic',
        label: 'Цены → Разовое посещение',
        rule: 'цена в рублях за занятие: не меньше 1',
        received: 0,
      },
      {
        file: 'content/courses/4.json',
        field: 'prices.basic',
        message: 'цена в рублях за занятие: не меньше 1 (сейчас: 0)',
      },
    ],
    [
      {
        file: 'content/pages/home.json',
        field: 'hero.cta[2]',
        label: 'Кнопка «Записаться» (вверху)',
        rule: 'не длиннее 40 символов',
      },
      {
        file: 'content/pages/home.json',
        field: 'hero.cta[2]',
        message: 'не длиннее 40 символов',
      },
    ],
    [
      { file: 'content/courses/4.json', field: 'skills[2]', rule: 'пустая строка' },
      { file: 'content/courses/4.json', field: 'skills[2]', message: 'пустая строка' },
    ],
    [
      { file: 'content/courses', field: '', rule: 'нужен хотя бы один курс' },
      { file: 'content/courses', field: '', message: 'нужен хотя бы один курс' },
    ],
  ])('%o', (problem, shown) => {
    expect(fieldProblem(problem)).toEqual(shown)
  })

  it('a save: its Russian lines, and each as file, field and rule', async () => {
    const before = head()
    const name = 'content/courses/4.json'
    const course = JSON.parse(readFileSync(file(name), 'utf8')) as {
      prices: Record<string, number>
    }
    const refused = await persist([
      { path: name, raw: JSON.stringify({ ...course, prices: { ...course.prices, basic: 0 } }) },
    ])
    expect(refused.status).toBe(422)
    expect(refusalOf(refused)).toEqual({
      error:
        'content/courses/4.json: поле «Цены → Разовое посещение» (prices.basic): цена в рублях за занятие: не меньше 1 (сейчас: 0)',
      problems: [
        {
          file: name,
          field: 'prices.basic',
          message: 'цена в рублях за занятие: не меньше 1 (сейчас: 0)',
        },
      ],
    })
    expect(head()).toBe(before)
  })

  it('a delete: the problems it leaves in other files, one a line of the error', async () => {
    const before = head()
    const refused = await request('deleteFile', {
      path: 'content/courses/4.json',
      options: persistOptions,
    })
    expect(refused.status).toBe(422)
    const { error = '', problems = [] } = refusalOf(refused)
    expect(problems).toHaveLength(error.split('\n').length)
    expect(problems).toContainEqual({
      file: 'content/groups/python-evening.json',
      field: 'course',
      message: expect.stringMatching(/^курса №4 нет/) as unknown,
    })
    expect(head()).toBe(before)
  })

  it('any other refusal is its sentence alone', async () => {
    const outside = await persist([{ path: 'package.json', raw: '{}' }])
    expect(outside.status).toBe(422)
    expect(Object.keys(refusalOf(outside))).toEqual(['error'])
    const stale = await persist(
      [{ path: 'content/faq/vozrast.json', raw: readFileSync(file('content/faq/vozrast.json')) }],
      { baseIds: { 'content/faq/vozrast.json': '0'.repeat(64) } },
    )
    expect(stale.status).toBe(409)
    expect(Object.keys(refusalOf(stale))).toEqual(['error'])
  })
})

describe('nothing new is a sample', () => {
  const NEW_SAMPLE =
    'Новую запись нельзя отметить как образец: отметка «Образец» только у примеров, которые пришли с сайтом.'
  const review = (name: string) =>
    JSON.parse(readFileSync(file(`content/reviews/${name}.json`), 'utf8')) as Record<
      string,
      unknown
    >

  it('a new entry, or an own one, ticked «Образец» is refused; nothing is written', async () => {
    const sample = review('obrazec-2gis')
    const created = await persist([
      {
        path: 'content/reviews/otzyv-obrazec.json',
        raw: JSON.stringify({ ...sample, author: 'Мама Маши' }),
      },
    ])
    expect(created.status).toBe(422)
    expect(refusalOf(created)).toEqual({ error: NEW_SAMPLE })
    expect(existsSync(file('content/reviews/otzyv-obrazec.json'))).toBe(false)

    const own = { ...sample, author: 'Папа Пети', sample: false }
    const saved = await persist([
      { path: 'content/reviews/otzyv-peti.json', raw: JSON.stringify(own) },
    ])
    expect(saved.status).toBe(200)
    const before = head()
    const ticked = await persist([
      { path: 'content/reviews/otzyv-peti.json', raw: JSON.stringify({ ...own, sample: true }) },
    ])
    expect(errorOf(ticked)).toBe(NEW_SAMPLE)
    // A rename is judged by the file it renames: the owner's own, whatever the new name.
    const renamed = await persist([
      {
        path: 'content/reviews/otzyv-peti.json',
        newPath: 'content/reviews/obrazec-novyj.json',
        raw: JSON.stringify({ ...own, sample: true }),
      },
    ])
    expect(errorOf(renamed)).toBe(NEW_SAMPLE)
    expect(review('otzyv-peti')).toEqual(own)
    expect(head()).toBe(before)
  })

  it('a shipped sample keeps its tick through an edit and a rename, and may lose it', async () => {
    const sample = review('obrazec-yandex')
    const edited = { ...sample, author: 'Мама ученика' }
    const kept = await persist([
      { path: 'content/reviews/obrazec-yandex.json', raw: JSON.stringify(edited) },
    ])
    expect(kept.status).toBe(200)
    const renamed = await persist([
      {
        path: 'content/reviews/obrazec-yandex.json',
        newPath: 'content/reviews/obrazec-yandeks.json',
        raw: JSON.stringify(edited),
      },
    ])
    expect(renamed.status).toBe(200)
    const unticked = await persist([
      {
        path: 'content/reviews/obrazec-yandeks.json',
        raw: JSON.stringify({ ...edited, sample: false }),
      },
    ])
    expect(unticked.status).toBe(200)
    expect(review('obrazec-yandeks')).toMatchObject({ sample: false })
  })
})

describe('a missing entry', () => {
  it('is 404 in Russian, not an empty entry', async () => {
    const missing = await request('getEntry', { path: 'content/faq/net-takogo-voprosa.json' })
    expect(missing).toEqual({
      status: 404,
      body: { error: 'Записи нет: её удалили или ещё не создали.' },
    })
    const present = await request('getEntry', { path: 'content/faq/vozrast.json' })
    expect(present.status).toBe(200)
    expect(present.body).toMatchObject({
      data: readFileSync(file('content/faq/vozrast.json'), 'utf8'),
      file: { path: 'content/faq/vozrast.json' },
    })
  })
})
