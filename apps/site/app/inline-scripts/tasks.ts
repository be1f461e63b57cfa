// Scheduling for the scripts that run before hydration. The Prioritized Task Scheduling API
// (`scheduler`) is Chromium's and Firefox's; elsewhere a zero timeout stands in.

const scheduler = (globalThis as { scheduler?: Partial<Scheduler> }).scheduler

/** Lets the browser handle input and paint before the caller goes on. */
export function yieldToBrowser(): Promise<void> {
  return scheduler?.yield?.() ?? new Promise((resolve) => setTimeout(resolve))
}

/**
 * Runs `task` in a task of its own at user-blocking priority. Posted from an animation frame
 * callback, it runs right after that frame, ahead of the parser's next task.
 */
export function afterThisFrame(task: () => void): void {
  if (scheduler?.postTask) void scheduler.postTask(task, { priority: 'user-blocking' })
  else setTimeout(task)
}
