import { useEffect, useRef, type ReactNode } from 'react'

type ModalDialogProps = {
  open: boolean
  /** Called for the close button's owner to decide; Escape and a backdrop click call it too. */
  onClose: () => void
  labelledBy: string
  className?: string
  children: ReactNode
}

/**
 * A native modal `<dialog>`: the browser traps focus, makes the page inert and returns focus
 * on close. Page scrolling is locked while it is open.
 */
export function ModalDialog({
  open,
  onClose,
  labelledBy,
  className = '',
  children,
}: ModalDialogProps) {
  const ref = useRef<HTMLDialogElement>(null)

  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    if (open && !dialog.open) dialog.showModal()
    if (!open && dialog.open) dialog.close()
  }, [open])

  useEffect(() => {
    if (!open) return
    const root = document.documentElement
    const previous = root.style.overflow
    root.style.overflow = 'hidden'
    return () => {
      root.style.overflow = previous
    }
  }, [open])

  return (
    <dialog
      ref={ref}
      aria-labelledby={labelledBy}
      // Escape: let the owner close it, so its own bookkeeping runs.
      onCancel={(event) => {
        event.preventDefault()
        onClose()
      }}
      // A click on the dialog element itself is a click on the backdrop: the content fills the box.
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose()
      }}
      className={`m-auto max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] overflow-y-auto rounded-3xl bg-white p-0 text-slate-800 shadow-2xl backdrop:bg-slate-900/60 backdrop:backdrop-blur-sm ${className}`}
    >
      {children}
    </dialog>
  )
}
