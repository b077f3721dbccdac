import type { OutboxEntry } from './entry';
import { nextWakeAt } from './schedule';

const MIN_TIMER_MS = 100;

export interface FlushLoopOptions {
  /** One round of delivery (delivery-round.ts), handed what wakes it while it waits. */
  round: (setPoke: (poke: (() => void) | null) => void) => Promise<void>;
  list: () => Promise<OutboxEntry[]>;
  now: () => number;
  /** Told after every flush when the outbox next needs to run (null: nothing pending). */
  schedule: ((at: number | null) => void) | undefined;
  /** Whether `kick` flushes and a timer is kept for the next due attempt (`OutboxDeps`). */
  autoFlush: boolean;
  onError: (err: unknown) => void;
}

/**
 * When the outbox runs: one flush at a time, a call meanwhile sharing it and asking for one
 * more round, and after each flush the next wake-up, told to `schedule` and kept as a timer
 * while this instance lives.
 */
export class FlushLoop {
  private running: Promise<void> | null = null;
  private rerun = false;
  /** Wakes a running flush that waits for a slow request, so a new clip need not wait for it. */
  private poke: (() => void) | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private disposed = false;

  constructor(private readonly opts: FlushLoopOptions) {}

  /** True once disposed: no further flush or attempt starts. */
  stopped(): boolean {
    return this.disposed;
  }

  flush(): Promise<void> {
    if (this.running) {
      this.rerun = true;
      this.poke?.();
      return this.running;
    }
    const run = (async () => {
      do {
        this.rerun = false;
        await this.opts.round((poke) => {
          this.poke = poke;
        });
      } while (this.rerun && !this.disposed);
    })();
    this.running = run.finally(async () => {
      this.running = null;
      await this.scheduleNext().catch(this.opts.onError);
    });
    return this.running;
  }

  /** Starts a flush in the background, unless flushes are left to the caller or stopped. */
  kick(): void {
    if (!this.opts.autoFlush || this.disposed) return;
    this.flush().catch(this.opts.onError);
  }

  dispose(): void {
    this.disposed = true;
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  private async scheduleNext(): Promise<void> {
    if (this.disposed) return;
    const at = nextWakeAt(await this.opts.list());
    this.opts.schedule?.(at);
    if (!this.opts.autoFlush) return;
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    if (at === null) return;
    // A floor keeps a clock disagreement from turning into a busy loop.
    const delay = Math.min(Math.max(MIN_TIMER_MS, at - this.opts.now()), 2 ** 31 - 1);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.kick();
    }, delay);
  }
}
