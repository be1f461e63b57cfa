// The school's brand colours: the one place they are defined. app.css's theme, the logo, the
// browser's theme colour and the generated icons and Open Graph image all take them from here.

export const brandColors = {
  'brand-50': '#eef5ff',
  'brand-100': '#d9e8ff',
  'brand-200': '#bcd6ff',
  'brand-500': '#2f6fed',
  'brand-600': '#1f57d6',
  'brand-700': '#1946ad',
  'brand-800': '#1a3d8a',
  'brand-900': '#1b356d',
  'accent-400': '#ffa64d',
  'accent-500': '#f7882f',
  'accent-600': '#d96a10',
  'accent-700': '#b4530b',
} as const
