import { sql, type SQL } from 'drizzle-orm';

/**
 * The queue's "now", as SQL. Every time of the queue (when a job is due, a
 * lease's end, the next retry, the next run of a periodic job) is computed by
 * the database from this expression, so instances with skewed clocks agree
 * (ADR 007). Production uses the database clock as it is.
 */
export interface JobClock {
  /** An SQL expression of the current instant (timestamptz). */
  now(): SQL;
}

/** The database's own clock: `now()`. */
export const DATABASE_CLOCK: JobClock = { now: () => sql`now()` };

/**
 * The database clock moved forward by `advance(seconds)`, for tests and
 * scripts that simulate hours of queue time without waiting (a provider down
 * for two hours, a lease that runs out). Give the same clock to the queue and
 * to every worker of the simulation.
 */
export interface ShiftedClock extends JobClock {
  /** How far ahead of the database clock this clock is, in seconds. */
  readonly offsetSeconds: number;
  advance(seconds: number): void;
}

export function shiftedClock(): ShiftedClock {
  let offset = 0;
  return {
    get offsetSeconds() {
      return offset;
    },
    now: () => sql`(now() + make_interval(secs => ${offset}))`,
    advance(seconds) {
      if (!(seconds >= 0)) throw new TypeError('O relógio das tarefas só anda para a frente');
      offset += seconds;
    },
  };
}
