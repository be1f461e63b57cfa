type QuizProgressProps = {
  /** 1-based number of the question on screen. */
  current: number
  total: number
}

/** Progress bar at (index + 1) / total and the counter 'n / total' (docs/behaviour.md, "Quiz"). */
export function QuizProgress({ current, total }: QuizProgressProps) {
  const percent = Math.round((current / total) * 100)
  return (
    <div>
      <div className="flex items-center justify-between text-sm font-bold text-brand-700">
        <span>Вопрос</span>
        <span>
          {current} / {total}
        </span>
      </div>
      <div
        role="progressbar"
        aria-label="Пройдено вопросов"
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={current}
        aria-valuetext={`Вопрос ${current} из ${total}`}
        className="mt-2 h-2.5 overflow-hidden rounded-full bg-brand-100"
      >
        <div
          className="h-full rounded-full bg-brand-600 transition-[width] duration-300 motion-reduce:transition-none"
          style={{ width: `${percent}%` }}
        />
      </div>
    </div>
  )
}
