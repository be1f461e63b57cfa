// The editor's own fields (docs/decisions/0067-exact-values-in-the-editor.md), drawn with
// Decap's React. A number or a date is kept as the owner typed it until it reads exactly; until
// then the entry holds her text, isValid() refuses it with a sentence at the field, and Decap
// does not save. Rules between fields (a season ticket not dearer than a single visit, «до» not
// below «от», an end not before the event, a course number nobody else has) are checked the same
// way, reading the entry as the store holds it now.
import {
  createClass,
  h,
  type ComponentClass,
  type ControlProps,
  type ImmutableMap,
  type Instance,
  type Validity,
} from './decap.ts'
import { listEntries, type ListedEntry } from './editor-api.ts'
import { pluralRu, type RussianPluralForms } from '#app/content/plural.ts'
import { groupDigits, maskDate, readDate, readWholeNumber, showDate } from './values.ts'

const refuse = (message: string): Validity => ({ error: { type: 'CUSTOM', message } })

const option = <T>(field: ImmutableMap, name: string): T | undefined =>
  field.get(name) as T | undefined

/** A rule between this field and another, as cms-config.ts writes it. */
type Comparison = { field: string; message: string }

function otherValue(props: ControlProps, dotted: string): unknown {
  return props.getEntry().getIn(['data', ...dotted.split('.')])
}

/** The text a field shows for a value the entry holds. */
function numberText(value: unknown): string {
  return typeof value === 'number' ? String(value) : typeof value === 'string' ? value : ''
}

type NumberState = { text: string; taken: ListedEntry[] | undefined; touched: boolean }

type NumberMethods = {
  componentDidMount(): void
  componentDidUpdate(previous: ControlProps): void
  shouldComponentUpdate(): boolean
  isValid(): Validity
  read(text: string): ReturnType<typeof readWholeNumber>
  handleChange(event: Event): void
  handleFocus(): void
  handleBlur(): void
  render(): unknown
}

const WholeNumberControl = createClass<ControlProps, NumberState, NumberMethods>({
  getInitialState() {
    return { text: numberText(this.props.value), taken: undefined, touched: false }
  },
  componentDidMount() {
    const folder = option<string>(this.props.field, 'unique_in_folder')
    if (!folder) return
    void listEntries(this.props.config, folder).then((taken) => {
      this.setState({ taken })
      // A new course: the number after the highest one, as the owner would pick it; never into a
      // field she is already in (the list may come after her first keys on a slow link).
      if (this.state.text === '' && !this.state.touched) {
        const next = Math.max(0, ...taken.map((entry) => Number(entry.data.id) || 0)) + 1
        this.setState({ text: String(next) })
        this.props.onChange(next)
      }
    })
  },
  componentDidUpdate(previous) {
    // A value set from outside (an entry loaded, a draft restored): show it.
    const { value } = this.props
    if (value === previous.value) return
    const reading = this.read(this.state.text)
    if (value !== this.state.text && !(reading.ok && reading.value === value)) {
      this.setState({ text: numberText(value) })
    }
  },
  // Decap re-renders a widget only when its own value changes; a rule between fields needs the
  // current entry, so this one re-renders with every change.
  shouldComponentUpdate() {
    return true
  },
  read(text) {
    const field = this.props.field
    return readWholeNumber(text, {
      min: option<number>(field, 'min') ?? 0,
      max: option<number>(field, 'max') ?? Number.MAX_SAFE_INTEGER,
      rubles: option<boolean>(field, 'rubles') ?? false,
    })
  },
  isValid() {
    const { value } = this.props
    // Empty: Decap's own check of a required field answers.
    if (value === undefined || value === null || value === '') return true
    const reading = this.read(numberText(value))
    if (!reading.ok) return refuse(reading.message)
    const field = this.props.field
    const notAbove = option<ImmutableMap>(field, 'not_above')?.toJS() as Comparison | undefined
    if (notAbove) {
      const limit = otherValue(this.props, notAbove.field)
      if (typeof limit === 'number' && reading.value > limit) {
        return refuse(`${notAbove.message} (сейчас ${groupDigits(limit)}).`)
      }
    }
    const notBelow = option<ImmutableMap>(field, 'not_below')?.toJS() as Comparison | undefined
    if (notBelow) {
      const limit = otherValue(this.props, notBelow.field)
      if (typeof limit === 'number' && reading.value < limit) {
        return refuse(`${notBelow.message} (сейчас ${limit}).`)
      }
    }
    const own = this.props.getEntry().get('path')
    const clash = this.state.taken?.find(
      (entry) => entry.path !== own && entry.data.id === reading.value,
    )
    if (clash) {
      const next = Math.max(0, ...(this.state.taken ?? []).map((e) => Number(e.data.id) || 0)) + 1
      return refuse(
        `Номер ${reading.value} уже у курса «${String(clash.data.title)}». Свободный номер — ${next}.`,
      )
    }
    return true
  },
  handleChange(event) {
    const text = (event.target as HTMLInputElement).value
    this.setState({ text })
    const reading = this.read(text)
    this.props.onChange(reading.ok ? reading.value : text)
  },
  handleFocus() {
    this.setState({ touched: true })
    this.props.setActiveStyle()
  },
  handleBlur() {
    this.props.setInactiveStyle()
    this.props.validate()
  },
  render() {
    return h('input', {
      type: 'text',
      inputMode: 'numeric',
      autoComplete: 'off',
      id: this.props.forID,
      className: this.props.classNameWrapper,
      value: this.state.text,
      onChange: this.handleChange,
      onFocus: this.handleFocus,
      onBlur: this.handleBlur,
    })
  },
})

type DateState = { text: string }

type DateMethods = {
  componentDidUpdate(previous: ControlProps): void
  shouldComponentUpdate(): boolean
  isValid(): Validity
  handleChange(event: Event): void
  handleBlur(): void
  render(): unknown
}

const DateControl = createClass<ControlProps, DateState, DateMethods>({
  getInitialState() {
    return { text: showDate(typeof this.props.value === 'string' ? this.props.value : '') }
  },
  componentDidUpdate(previous) {
    const { value } = this.props
    if (value === previous.value || typeof value !== 'string') return
    const reading = readDate(this.state.text)
    if (value !== this.state.text && !(reading.ok && reading.value === value)) {
      this.setState({ text: showDate(value) })
    }
  },
  shouldComponentUpdate() {
    return true
  },
  isValid() {
    const { value } = this.props
    if (typeof value !== 'string' || value === '') return true
    const reading = readDate(/^\d{4}-/.test(value) ? showDate(value) : value)
    if (!reading.ok) return refuse(reading.message)
    const notBefore = option<ImmutableMap>(this.props.field, 'not_before')?.toJS() as
      Comparison | undefined
    if (notBefore) {
      const other = otherValue(this.props, notBefore.field)
      if (typeof other === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(other) && reading.value < other) {
        return refuse(`${notBefore.message} (${showDate(other)}).`)
      }
    }
    return true
  },
  handleChange(event) {
    const input = event.target as HTMLInputElement
    // Deleting keeps what is left as it is; typing gets the dots put in.
    const deleting = input.value.length < this.state.text.length
    // A date pasted as 2026-09-01 is shown as the field writes it.
    const pasted = /^\s*\d{4}-\d{2}-\d{2}\s*$/.test(input.value)
    const text = pasted
      ? showDate(input.value.trim())
      : deleting
        ? input.value
        : maskDate(input.value)
    this.setState({ text })
    const reading = readDate(text)
    this.props.onChange(reading.ok ? reading.value : text)
  },
  handleBlur() {
    this.props.setInactiveStyle()
    this.props.validate()
  },
  render() {
    return h('input', {
      type: 'text',
      inputMode: 'numeric',
      autoComplete: 'off',
      placeholder: 'ДД.ММ.ГГГГ',
      maxLength: 10,
      id: this.props.forID,
      className: this.props.classNameWrapper,
      value: this.state.text,
      onChange: this.handleChange,
      onFocus: this.props.setActiveStyle,
      onBlur: this.handleBlur,
    })
  },
})

type ListMethods = {
  inner:
    (Instance<ControlProps, unknown> & { isValid?(): Validity; focus?(path: string): void }) | null
  isValid(): Validity
  focus(path: string): void
  setInner(instance: ListMethods['inner']): void
  render(): unknown
}

/**
 * Decap's list, with its counter and its «Добавить …» button in grammatical Russian: Decap
 * writes «2 программа курса» and «Добавить программа курса» from the field's label.
 */
function grammaticalList(list: ComponentClass): ComponentClass {
  return createClass<ControlProps, Record<string, never>, ListMethods>({
    inner: null,
    isValid() {
      return this.inner?.isValid ? this.inner.isValid() : true
    },
    focus(path) {
      this.inner?.focus?.(path)
    },
    setInner(instance) {
      this.inner = instance
    },
    render() {
      const names = (option<ImmutableMap>(this.props.field, 'item_names')?.toJS() ?? [
        'пункт',
        'пункта',
        'пунктов',
      ]) as RussianPluralForms
      const value = this.props.value as { size?: number } | undefined
      const count = value?.size ?? 0
      const field = this.props.field
        .set('label', pluralRu(count, names))
        .set('label_singular', names[0])
      return h(list, { ...this.props, field, ref: this.setInner })
    },
  })
}

export function registerWidgets(
  getWidget: (name: string) => { control: ComponentClass } | undefined,
  register: (name: string, control: ComponentClass) => void,
): void {
  register('whole-number', WholeNumberControl)
  register('date-ru', DateControl)
  const list = getWidget('list')
  if (list) register('russian-list', grammaticalList(list.control))
}
