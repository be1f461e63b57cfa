// Class names of the site's buttons and button-like links, so every call to action looks the same.

export type ButtonVariant = 'accent' | 'primary' | 'outline'
export type ButtonSize = 'md' | 'lg'

const base =
  'inline-flex items-center justify-center gap-2 rounded-xl font-bold transition-colors disabled:cursor-not-allowed disabled:opacity-60'

const sizes: Record<ButtonSize, string> = {
  md: 'min-h-11 px-5 py-2.5',
  lg: 'min-h-12 px-6 py-3 text-lg',
}

// Contrast: dark text on the orange accent, white text only on brand-600 or darker.
const variants: Record<ButtonVariant, string> = {
  accent: 'bg-accent-500 text-slate-900 shadow-sm hover:bg-accent-400',
  primary: 'bg-brand-600 text-white shadow-sm hover:bg-brand-700',
  outline: 'border-2 border-brand-600 bg-white text-brand-700 hover:bg-brand-50',
}

export function buttonClass(variant: ButtonVariant, size: ButtonSize = 'md', extra = ''): string {
  return [base, sizes[size], variants[variant], extra].filter(Boolean).join(' ')
}
