// Scheduling for the head script that loads the page's JavaScript. The Prioritized Task Scheduling API
// (`scheduler`) is Chromium's and Firefox's; elsewhere a zero timeout stands in.

const scheduler = (globalThis as { scheduler?: Partial<Scheduler> }).scheduler

/**
 * Runs `task` in a task of its own at user-blocking priority. Posted from an animation frame
 * callback, it runs right after that frame, ahead of the parser's next task.
 */
export function afterThisFrame(task: () => void): void {
  if (scheduler?.postTask) void scheduler.postTask(task, { priority: 'user-blocking' })
  else setTimeout(task)
}
