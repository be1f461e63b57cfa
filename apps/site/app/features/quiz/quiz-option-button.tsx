import { Check } from 'lucide-react'
import type { MouseEvent } from 'react'
import type { ChoiceInput } from './quiz-machine'

type QuizOptionButtonProps = {
  text: string
  selected: boolean
  onChoose: (input: ChoiceInput) => void
}

/**
 * One answer: a real button whose pressed state announces the choice.
 * A click made with Enter or Space has `detail === 0`; a mouse, pen or touch click has 1 or more.
 */
export function QuizOptionButton({ text, selected, onChoose }: QuizOptionButtonProps) {
  const choose = (event: MouseEvent<HTMLButtonElement>) =>
    onChoose(event.detail === 0 ? 'keyboard' : 'pointer')

  return (
    <button
      type="button"
      aria-pressed={selected}
      onClick={choose}
      className={`flex min-h-16 w-full items-center gap-3 rounded-xl border-2 px-4 py-3 text-left font-bold transition-colors ${
        selected
          ? 'border-brand-600 bg-brand-100 text-brand-900'
          : 'border-white bg-white text-slate-800 shadow-sm hover:border-brand-500'
      }`}
    >
      <span
        aria-hidden="true"
        className={`flex size-6 shrink-0 items-center justify-center rounded-full border-2 ${selected ? 'border-brand-600 bg-brand-600 text-white' : 'border-slate-300 bg-white'}`}
      >
        {selected && <Check className="size-4" strokeWidth={3} />}
      </span>
      <span>{text}</span>
    </button>
  )
}
