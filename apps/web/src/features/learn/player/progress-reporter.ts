/** What the player tells the server about one lesson (see `learnProgressBody`). */
export interface ProgressReport {
  position: number;
  reachedEnd: boolean;
}

export interface ProgressReporter {
  /** A scroll: sent at once when the last send is `intervalMs` ago, else once that time is up (the latest). */
  sample(position: number): void;
  /** The end of the lesson came into view: sent at once (the first time); later sends say so too. */
  reachEnd(position: number): void;
  /** Leaving the lesson or the page: sends a position not sent yet. */
  flush(): void;
  /** Sends again now if the end was reached (the lesson's last quiz was answered: it may complete now). */
  resend(): void;
  /** Stops the timer without sending. */
  dispose(): void;
}

/** The player saves progress at most once per interval while scrolling. */
export const PROGRESS_INTERVAL_MS = 5000;

/**
 * A leading and trailing throttle of a lesson's reading position: scrolling sends at most one report
 * per interval, and the last position of a burst is never lost (it goes at the end of the interval,
 * or when the learner leaves).
 */
export function createProgressReporter(
  send: (report: ProgressReport) => void,
  intervalMs = PROGRESS_INTERVAL_MS,
): ProgressReporter {
  let lastSentAt = Number.NEGATIVE_INFINITY;
  let latest = 0;
  let reached = false;
  let unsent = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const stopTimer = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };
  const sendNow = () => {
    stopTimer();
    unsent = false;
    lastSentAt = Date.now();
    send({ position: latest, reachedEnd: reached });
  };

  const sample = (position: number) => {
    latest = position;
    unsent = true;
    if (timer !== undefined) return;
    const wait = lastSentAt + intervalMs - Date.now();
    if (wait <= 0) {
      sendNow();
      return;
    }
    timer = setTimeout(() => {
      timer = undefined;
      if (unsent) sendNow();
    }, wait);
  };

  return {
    sample,
    reachEnd(position) {
      if (reached) return sample(position);
      reached = true;
      latest = position;
      sendNow();
    },
    flush() {
      if (unsent) sendNow();
    },
    resend() {
      if (reached) sendNow();
    },
    dispose: stopTimer,
  };
}
