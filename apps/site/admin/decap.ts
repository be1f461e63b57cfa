// The parts of Decap CMS's browser bundle (decap-cms.js, loaded before this script) the editor's
// own script uses: its registry (window.CMS), its React's createElement (window.h) and
// create-react-class (window.createClass). Widgets render with Decap's React; a second React
// inside its tree would break its hooks.

/** Decap's Immutable.js maps (a field's settings, the entry, the configuration). */
export type ImmutableMap = {
  get(key: string): unknown
  getIn(path: readonly (string | number)[]): unknown
  set(key: string, value: unknown): ImmutableMap
  toJS(): unknown
}

/** Decap's configuration as it holds it (plain data since Decap 3). */
export type DecapConfig = {
  backend?: { proxy_url?: string; branch?: string }
}

/** A widget's validity as Decap's Widget reads it from the control's isValid(). */
export type Validity = true | { error: { type: 'CUSTOM'; message: string } }

/** What Decap's Widget gives a control (decap-cms-core EditorControlPane/Widget.js). */
export type ControlProps = {
  field: ImmutableMap
  value: unknown
  onChange(value: unknown): void
  forID: string
  classNameWrapper: string
  setActiveStyle(): void
  setInactiveStyle(): void
  /** The entry as the store holds it now (the `entry` prop may be stale). */
  getEntry(): ImmutableMap
  /** Runs Decap's validation of this field and shows its errors at the field. */
  validate(): void
  config: DecapConfig
  t(key: string, values?: Record<string, unknown>): string
}

export type PreviewProps = {
  entry: ImmutableMap
  getAsset(path: string): { toString(): string } | undefined
  document: Document
}

/** A component class of Decap's React. */
export type ComponentClass = abstract new (...args: never[]) => unknown

/** The instance a create-react-class spec's methods see as `this`. */
export type Instance<P, S> = {
  props: P
  state: S
  setState(state: Partial<S>): void
}

type Phrases = { [key: string]: string | Phrases }

type Decap = {
  registerWidget(name: string, control: ComponentClass, preview?: ComponentClass): void
  getWidget(name: string): { control: ComponentClass } | undefined
  registerLocale(locale: string, phrases: Phrases): void
  getLocale(locale: string): Phrases | undefined
  registerPreviewTemplate(name: string, component: ComponentClass): void
  registerPreviewStyle(url: string): void
}

type DecapWindow = Window & {
  CMS: Decap
  h(type: unknown, props?: Record<string, unknown> | null, ...children: unknown[]): unknown
  createClass<P, S, M extends object>(
    spec: M & ThisType<Instance<P, S> & M> & { getInitialState?(): S },
  ): ComponentClass
}

const decapWindow = window as unknown as DecapWindow

export type { Phrases }
export const CMS: Decap = decapWindow.CMS
export const h = decapWindow.h
export const createClass = decapWindow.createClass.bind(decapWindow)
