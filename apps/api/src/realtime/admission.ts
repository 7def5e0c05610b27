/**
 * Who gets a realtime slot (ADR 023). Pure bookkeeping, no I/O: the STOMP server (stomp-server.ts) asks it when a
 * SockJS session opens and tells it when one authenticates or closes.
 *
 * A session is *pending* from the moment it opens until its STOMP CONNECT carries a valid token; then it is a
 * customer's. Pending sessions hold a slot and prove nothing, so they are bounded:
 *  - all together by `maxPending`: the other `maxConnections - maxPending` slots can only be held by authenticated
 *    sessions, so unauthenticated ones never take the room customers need;
 *  - per client address (an IPv4 address or an IPv6 /64, lib/proxy-trust.ts `addressGroup`) by
 *    `maxPendingPerAddress`;
 *  - in time by the CONNECT deadline (stomp-session.ts).
 *
 * A newcomer beyond a bound takes the place of an *idle* pending session (one that has not sent CONNECT yet; a
 * session whose token is being checked is left alone): the oldest of its own address when that address is at its
 * bound, otherwise the oldest of the address that holds the most pending sessions, never of an address holding fewer
 * than the newcomer's. A flood from one address thus only ever displaces its own sessions, a customer arriving from
 * another address always finds room, and a newcomer is refused only when no such idle session can make room (or
 * when authenticated sessions fill every slot).
 */

export interface AdmissionLimits {
  /** Every session of this instance (REALTIME_MAX_CONNECTIONS). */
  maxConnections: number;
  /** Pending sessions, all addresses together (≤ maxConnections). */
  maxPending: number;
  /** Pending sessions of one address (≤ maxPending). */
  maxPendingPerAddress: number;
}

/** 429: the newcomer's own address is at its bound; 503: the instance is. */
export type RefusalStatus = 429 | 503;

export type AdmissionResult<S> =
  | { admitted: true; evicted: Array<{ session: S; status: RefusalStatus }> }
  | { admitted: false; status: RefusalStatus };

/**
 * Defaults for a given REALTIME_MAX_CONNECTIONS: a quarter of the slots (at least one) may be pending, 32 of them
 * from one address. A session is pending for one round trip when its client is honest (it sends CONNECT as soon as
 * the transport opens), so these bounds leave room for a crowd behind one address reconnecting at once (every client
 * retries RECONNECT_DELAY_MS after a restart), while a flood holds at most 32 slots, which it keeps displacing itself.
 */
export function defaultAdmissionLimits(
  maxConnections: number,
  overrides: { maxPending?: number | undefined; maxPendingPerAddress?: number | undefined } = {},
): AdmissionLimits {
  const maxPending = Math.min(maxConnections, overrides.maxPending ?? Math.max(1, Math.ceil(maxConnections / 4)));
  const maxPendingPerAddress = Math.min(maxPending, overrides.maxPendingPerAddress ?? 32);
  return { maxConnections, maxPending, maxPendingPerAddress };
}

export class Admission<S> {
  /** Pending sessions and their address, oldest first (a Map keeps insertion order). */
  private readonly pending = new Map<S, string>();
  private readonly byAddress = new Map<string, Set<S>>();
  private readonly authenticated = new Set<S>();

  /**
   * @param idle whether a pending session may still be displaced (it has not sent CONNECT)
   */
  constructor(
    readonly limits: AdmissionLimits,
    private readonly idle: (session: S) => boolean,
  ) {}

  /** Sessions holding a slot. */
  get size(): number {
    return this.pending.size + this.authenticated.size;
  }

  get pendingCount(): number {
    return this.pending.size;
  }

  pendingFrom(address: string): number {
    return this.byAddress.get(address)?.size ?? 0;
  }

  /**
   * A session opened from `address`. When admitted, it is pending and the sessions in `evicted` no longer count:
   * the caller closes them (with their status).
   */
  admit(session: S, address: string): AdmissionResult<S> {
    const { maxConnections, maxPending, maxPendingPerAddress } = this.limits;
    const evicted: Array<{ session: S; status: RefusalStatus }> = [];
    const taken = new Set<S>();
    if (this.pendingFrom(address) >= maxPendingPerAddress) {
      const victim = this.oldestIdle(this.byAddress.get(address), taken);
      if (victim === undefined) return { admitted: false, status: 429 };
      evicted.push({ session: victim, status: 429 });
      taken.add(victim);
    }
    while (this.pending.size - taken.size >= maxPending || this.size - taken.size >= maxConnections) {
      const victim = this.heaviestIdle(taken, address);
      if (victim === undefined) return { admitted: false, status: 503 };
      evicted.push({ session: victim, status: 503 });
      taken.add(victim);
    }
    for (const victim of taken) this.release(victim);
    this.pending.set(session, address);
    let own = this.byAddress.get(address);
    if (!own) this.byAddress.set(address, (own = new Set()));
    own.add(session);
    return { admitted: true, evicted };
  }

  /** The session's token was accepted: it keeps its slot, no longer as a pending one. */
  authenticate(session: S): void {
    if (!this.pending.has(session)) return;
    this.removePending(session);
    this.authenticated.add(session);
  }

  /** The session closed (or was evicted): its slot is free. Idempotent. */
  release(session: S): void {
    this.removePending(session);
    this.authenticated.delete(session);
  }

  private removePending(session: S): void {
    const address = this.pending.get(session);
    if (address === undefined) return;
    this.pending.delete(session);
    const own = this.byAddress.get(address);
    own?.delete(session);
    if (own?.size === 0) this.byAddress.delete(address);
  }

  private oldestIdle(sessions: Iterable<S> | undefined, taken: ReadonlySet<S>): S | undefined {
    for (const session of sessions ?? []) if (!taken.has(session) && this.idle(session)) return session;
    return undefined;
  }

  /**
   * The oldest idle session of the address holding the most pending sessions (among those that have an idle one),
   * the newcomer counted with its own address; none when that address holds fewer than the newcomer's would: an
   * address never displaces one that holds less than itself.
   */
  private heaviestIdle(taken: ReadonlySet<S>, newcomer: string): S | undefined {
    const held = (address: string, sessions: Iterable<S>) => {
      let count = address === newcomer ? 1 : 0;
      for (const session of sessions) if (!taken.has(session)) count += 1;
      return count;
    };
    const own = held(newcomer, this.byAddress.get(newcomer) ?? []);
    let best: { count: number; victim: S } | undefined;
    for (const [address, sessions] of this.byAddress) {
      const count = held(address, sessions);
      if (count < own || (best && count <= best.count)) continue;
      const victim = this.oldestIdle(sessions, taken);
      if (victim !== undefined) best = { count, victim };
    }
    return best?.victim;
  }
}
