import { LoaderCircle } from 'lucide-react'
import type { Ref } from 'react'

export function QuizComputing({ headingRef }: { headingRef: Ref<HTMLHeadingElement> }) {
  return (
    <div className="flex flex-col items-center gap-4 py-12 text-center">
      <LoaderCircle
        aria-hidden="true"
        className="size-12 text-brand-600 motion-safe:animate-spin"
        strokeWidth={2.5}
      />
      <h3
        ref={headingRef}
        tabIndex={-1}
        id="quiz-computing-heading"
        className="text-2xl font-extrabold text-brand-900"
      >
        Подбираем курс
      </h3>
      <p className="max-w-md text-slate-600">Сравниваем ваши ответы с программами наших курсов.</p>
    </div>
  )
}
