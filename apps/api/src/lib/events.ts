import { EventEmitter } from 'node:events';
import { createRequire } from 'node:module';
import type Pg from 'pg';
import { sql } from 'kysely';
import type { TLiveEvent, TLiveEventType } from '@armazem/contracts/events';
import type { DatabaseHandle } from '../db/database.ts';
import { assertNotInGroupWrite } from '../db/group-commit.ts';

/**
 * What changed, told to every signed-in screen (GET /api/events/v1, decision 0050). Services publish after their
 * transaction commits; within a few milliseconds the events of one type are merged into one message. On SQLite
 * (one process) an in-process emitter carries them; on PostgreSQL every instance publishes with NOTIFY and hears
 * every instance (itself included) on one dedicated LISTEN connection, so N instances behind a load balancer all
 * tell their screens.
 */

export type LiveListener = (event: TLiveEvent) => void;

export interface EventBus {
  publish(type: TLiveEventType, ids?: Iterable<number>): void;
  /** Resolves once this instance hears events (PostgreSQL: the LISTEN is in place). Answers the unsubscriber. */
  subscribe(listener: LiveListener): Promise<() => void>;
  close(): Promise<void>;
}

const CHANNEL = 'armazem_events';
/** Merging window: a sheet of 1,000 rows or a burst of scans is one message per type, not one per write. */
const MERGE_MS = 25;
/** More ids than this travel as [] ("many"): a NOTIFY payload holds under 8,000 bytes. */
const MAX_IDS = 200;
const log = (message: string, error: unknown) =>
  process.emitWarning(`${message}: ${error instanceof Error ? error.message : String(error)}`);

/** Merges what is published within MERGE_MS, per type; `send` gets one event per type. */
function merger(send: (event: TLiveEvent) => void) {
  const pending = new Map<TLiveEventType, Set<number> | null>();
  let timer: NodeJS.Timeout | null = null;
  const flush = () => {
    timer = null;
    for (const [type, ids] of pending) send({ type, ids: ids ? [...ids].slice(0, MAX_IDS) : [] });
    pending.clear();
  };
  return {
    add(type: TLiveEventType, ids: Iterable<number> | undefined) {
      const list = ids ? [...ids] : null;
      const known = pending.get(type);
      if (known === null || list === null || list.length === 0) pending.set(type, null);
      else {
        const merged = known ?? new Set<number>();
        for (const id of list) merged.add(id);
        pending.set(type, merged.size > MAX_IDS ? null : merged);
      }
      timer ??= setTimeout(flush, MERGE_MS);
    },
    flush() {
      if (timer) clearTimeout(timer);
      flush();
    },
  };
}

function localBus(): EventBus {
  const emitter = new EventEmitter().setMaxListeners(0);
  const merge = merger((event) => emitter.emit('event', event));
  return {
    publish: (type, ids) => {
      assertNotInGroupWrite('Publishing an event');
      merge.add(type, ids);
    },
    async subscribe(listener) {
      emitter.on('event', listener);
      return () => void emitter.off('event', listener);
    },
    async close() {
      merge.flush();
      emitter.removeAllListeners();
    },
  };
}

/** The LISTEN connection, opened on the first subscriber and opened again (after a second) if it drops. */
function listenerOf(url: string, deliver: (event: TLiveEvent) => void) {
  const pg = createRequire(import.meta.url)('pg') as typeof Pg;
  let client: Pg.Client | null = null;
  let connecting: Promise<void> | null = null;
  let closed = false;
  const connect = (): Promise<void> => {
    connecting ??= (async () => {
      const fresh = new pg.Client({ connectionString: url });
      fresh.on('notification', (message) => {
        try {
          deliver(JSON.parse(message.payload ?? '') as TLiveEvent);
        } catch (error) {
          log('evento inválido no canal', error);
        }
      });
      fresh.on('error', (error) => {
        log('conexão de eventos caiu', error);
        client = null;
        connecting = null;
        void fresh.end().catch(() => undefined);
        if (!closed) setTimeout(() => void connect().catch(() => undefined), 1000).unref();
      });
      await fresh.connect();
      await fresh.query(`listen ${CHANNEL}`);
      client = fresh;
    })().catch((error: unknown) => {
      connecting = null;
      throw error;
    });
    return connecting;
  };
  return {
    ready: connect,
    async close() {
      closed = true;
      await client?.end().catch(() => undefined);
    },
  };
}

function postgresBus(handle: DatabaseHandle & { url: string }): EventBus {
  const emitter = new EventEmitter().setMaxListeners(0);
  const listener = listenerOf(handle.url, (event) => emitter.emit('event', event));
  const merge = merger((event) => {
    sql`select pg_notify(${CHANNEL}, ${JSON.stringify(event)})`
      .execute(handle.db)
      .catch((error: unknown) => log('evento não publicado', error));
  });
  return {
    publish: (type, ids) => {
      assertNotInGroupWrite('Publishing an event');
      merge.add(type, ids);
    },
    async subscribe(listen) {
      await listener.ready();
      emitter.on('event', listen);
      return () => void emitter.off('event', listen);
    },
    async close() {
      merge.flush();
      emitter.removeAllListeners();
      await listener.close();
    },
  };
}

export function createEventBus(handle: DatabaseHandle): EventBus {
  return handle.dialect === 'postgres' && handle.url
    ? postgresBus({ ...handle, url: handle.url })
    : localBus();
}
