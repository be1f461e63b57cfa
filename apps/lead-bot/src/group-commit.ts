import { TransactionNotStartedError } from './store/lead-queue.ts'
import type { LeadStore } from './store/lead-store.ts'
import type { LeadRow, LeadToInsert, NewLead } from './store/rows.ts'

export interface GroupCommit {
  /**
   * Queues the lead for the next batch and resolves with its id once that batch's COMMIT has
   * returned (durable); rejects if this lead could not be stored.
   */
  insert(lead: NewLead, now: number): Promise<number>
}

interface Waiting extends LeadToInsert {
  resolve(id: number): void
  reject(error: unknown): void
}

/**
 * Group commit: every fsync blocks the one event loop, so leads that arrive in the same turn of
 * it share one transaction and one fsync instead of paying one each. The flush runs on
 * `setImmediate`, i.e. after the I/O callbacks of this turn (all the requests parsed in it) and
 * their microtasks, so a batch holds whatever arrived while the previous fsync blocked.
 */
export function createGroupCommit(store: Pick<LeadStore, 'insert' | 'insertMany'>): GroupCommit {
  let queue: Waiting[] = []
  let scheduled = false

  function flush(): void {
    const batch = queue
    queue = []
    scheduled = false
    let rows: LeadRow[]
    try {
      rows = store.insertMany(batch)
    } catch (error) {
      // No row was tried (lock not obtained) or the batch was one lead: nothing to single out,
      // and retrying each would wait busy_timeout once per lead with the event loop blocked.
      if (batch.length === 1 || error instanceof TransactionNotStartedError) {
        for (const waiting of batch) waiting.reject(error)
        return
      }
      // The batch was rolled back whole: retry each lead alone so a bad row fails only itself.
      for (const waiting of batch) {
        try {
          waiting.resolve(store.insert(waiting.lead, waiting.now).id)
        } catch (single) {
          waiting.reject(single)
        }
      }
      return
    }
    for (const [index, waiting] of batch.entries()) {
      const row = rows[index]
      if (row) waiting.resolve(row.id)
      else waiting.reject(new Error('the batch returned fewer rows than leads'))
    }
  }

  return {
    insert(lead, now) {
      return new Promise<number>((resolve, reject) => {
        queue.push({ lead, now, resolve, reject })
        if (!scheduled) {
          scheduled = true
          setImmediate(flush)
        }
      })
    },
  }
}
