/**
 * Write batching: calls made at the same time are gathered (over one event-loop turn, and while the
 * batches before them are in flight) and run as ONE statement, each call answered with its own
 * outcome once that statement has returned — so a write is never answered before it committed, and
 * PostgreSQL parses, executes and commits once per batch instead of once per request (bench/RESULTS.md:
 * under load the per-statement round trip, not the row, was most of a write's cost).
 *
 * - Calls sharing a key never run in one batch, nor in two batches in flight at once: the later one
 *   waits for the earlier's statement, as if the two were serialised (a second save of a lesson sees
 *   the first's version; one learner's two progress saves never race in one upsert).
 * - A statement that fails as a whole (a bad row, a dropped connection) fails no call by itself: each
 *   of its calls is run again alone, so only the call that fails alone errors, with its own error.
 *   Nothing written by the failed statement is kept (one statement commits or not), so a call
 *   answered as done is in the database.
 *
 * Why not DataLoader: it is made for reads (it dedupes and caches by key, and a key repeated in one
 * tick gets the same answer), it batches per tick without a bound on batches in flight, and it has
 * no notion of two writes of one key that must run one after the other.
 */

export type BatchOptions<I, O> = {
  /** Runs items as one statement; answers one outcome per item, in order. Throws when the statement failed. */
  run: (items: I[]) => Promise<O[]>;
  /** Keys an item must not share with another in its batch or in flight (none: all items may share a batch). */
  keysOf?: (item: I) => readonly string[];
  /** Items per statement (bounds its parameters and the time it holds its rows). */
  maxItems?: number;
  /** Statements in flight at once (each holds a pool connection). */
  maxInFlight?: number;
};

type Waiting<I, O> = {
  item: I;
  keys: readonly string[];
  resolve: (o: O) => void;
  reject: (e: unknown) => void;
};

export class WriteBatcher<I, O> {
  private readonly run: (items: I[]) => Promise<O[]>;
  private readonly keysOf: (item: I) => readonly string[];
  private readonly maxItems: number;
  private readonly maxInFlight: number;
  private queue: Waiting<I, O>[] = [];
  private readonly busyKeys = new Set<string>();
  private inFlight = 0;
  private scheduled = false;
  private holds = 0;

  constructor(options: BatchOptions<I, O>) {
    this.run = options.run;
    this.keysOf = options.keysOf ?? (() => []);
    this.maxItems = options.maxItems ?? 64;
    this.maxInFlight = options.maxInFlight ?? 2;
  }

  /** Runs the item in the next batch; resolves with its outcome once the batch's statement returned. */
  add(item: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.queue.push({ item, keys: this.keysOf(item), resolve, reject });
      this.schedule();
    });
  }

  /** Items added and not yet in a running batch. */
  get waiting(): number {
    return this.queue.length;
  }

  /**
   * Gathers without running until the returned function is called (tests: to make a batch of known
   * items, deterministically).
   */
  hold(): () => void {
    this.holds++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.holds--;
      this.schedule();
    };
  }

  private schedule(): void {
    if (this.scheduled || this.holds > 0 || this.inFlight >= this.maxInFlight || this.queue.length === 0)
      return;
    this.scheduled = true;
    // After this turn's I/O callbacks: the requests that arrived together run together.
    setImmediate(() => {
      this.scheduled = false;
      this.flush();
    });
  }

  private flush(): void {
    while (this.holds === 0 && this.inFlight < this.maxInFlight && this.queue.length > 0) {
      const batch = this.take();
      if (batch.length === 0) return; // every waiting item's key is in flight: its batch's end schedules again
      this.inFlight++;
      for (const w of batch) for (const k of w.keys) this.busyKeys.add(k);
      void this.runBatch(batch).finally(() => {
        this.inFlight--;
        for (const w of batch) for (const k of w.keys) this.busyKeys.delete(k);
        this.schedule();
      });
    }
  }

  /** The next batch in arrival order; an item whose key is busy, or taken by an earlier item still waiting, waits. */
  private take(): Waiting<I, O>[] {
    const batch: Waiting<I, O>[] = [];
    const rest: Waiting<I, O>[] = [];
    const blocked = new Set(this.busyKeys);
    for (const w of this.queue) {
      if (batch.length < this.maxItems && w.keys.every((k) => !blocked.has(k))) batch.push(w);
      else rest.push(w);
      for (const k of w.keys) blocked.add(k);
    }
    this.queue = rest;
    return batch;
  }

  private async runBatch(batch: Waiting<I, O>[]): Promise<void> {
    let outcomes: O[];
    try {
      outcomes = await this.run(batch.map((w) => w.item));
      if (outcomes.length !== batch.length)
        throw new Error(`a batch of ${batch.length} answered ${outcomes.length}`);
    } catch (err) {
      if (batch.length === 1) {
        batch[0]!.reject(err);
        return;
      }
      // Only the call that fails alone errors: each runs again as a batch of one.
      await Promise.all(
        batch.map((w) =>
          this.run([w.item]).then(
            (o) =>
              o.length === 1 ? w.resolve(o[0]!) : w.reject(new Error(`a batch of 1 answered ${o.length}`)),
            w.reject,
          ),
        ),
      );
      return;
    }
    batch.forEach((w, i) => w.resolve(outcomes[i]!));
  }
}

/** One batcher per database handle (a test app's pool, the bench's), made on first use. */
export function batcherPer<D extends object, I, O>(
  make: (db: D) => WriteBatcher<I, O>,
): (db: D) => WriteBatcher<I, O> {
  const batchers = new WeakMap<D, WriteBatcher<I, O>>();
  return (db) => {
    let b = batchers.get(db);
    if (!b) batchers.set(db, (b = make(db)));
    return b;
  };
}
