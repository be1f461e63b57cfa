// A screen whose data did not come: the gateway's words and a way to ask again.
export function LoadFailed({ message, retry }: { message: string; retry(): void }) {
  return (
    <div role="alert" className="notice error-box">
      <p>{message}</p>
      <button type="button" onClick={retry}>
        Попробовать ещё раз
      </button>
    </div>
  )
}
