import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * What this file needs of a database (the application's `Db`, db/client.ts): Drizzle's transaction(),
 * whose transaction object is a database too, and nests a transaction() as a savepoint.
 */
type Db = object;
type TransactionOf = (fn: (tx: Db) => Promise<unknown>, config?: unknown) => Promise<unknown>;
const transactionOf = (db: Db) => (db as { transaction: TransactionOf }).transaction.bind(db);

/** Thrown inside the transaction's callback to roll it back; never leaves this file. */
const ROLLBACK = Symbol('rollback');

type Ending = { commit: true; last: (tx: never) => Promise<void> } | { commit: false };

/**
 * The one transaction of an admin write (issue 27): everything the handler does to the database, and then
 * its audit row, commit together or not at all. It begins at the handler's first write (reads before it
 * run as before, outside: parsing an uploaded file or reading what to change holds nothing), stays open
 * until the answer is ready, and ends by `commit` (its last statement given, the audit row) or
 * `rollback`. On PGlite a transaction holds the only connection: keep the time between them short.
 */
export class RequestTransaction<D extends Db = Db> {
  /** 'open' while the handler runs; 'ending' from commit or rollback until the database answered it. */
  state: 'open' | 'ending' | 'closed' = 'open';
  /** Whether it ended by commit (rolled back or still open: false). */
  committed = false;
  /** The transaction once begun. */
  tx: D | null = null;
  private beginning: Promise<D> | null = null;
  private outcome: Promise<void> = Promise.resolve();
  private end!: (e: Ending) => void;
  private readonly ending = new Promise<Ending>((resolve) => (this.end = resolve));
  private close!: () => void;
  /** Resolves once the transaction committed or rolled back (or ended without beginning). */
  readonly closed = new Promise<void>((resolve) => (this.close = resolve));

  private readonly base: D;

  constructor(db: D) {
    this.base = (bases.get(db) as D | undefined) ?? db;
  }

  get begun() {
    return this.beginning !== null;
  }

  /** The transaction, begun at the first call; once the request's work has ended, the database itself. */
  begin(): Promise<D> {
    if (this.state !== 'open') return Promise.resolve(this.base);
    this.beginning ??= new Promise<D>((resolve, reject) => {
      this.outcome = transactionOf(this.base)(async (begun) => {
        const tx = begun as D;
        this.tx = tx;
        resolve(tx);
        const ending = await this.ending;
        if (!ending.commit) throw ROLLBACK;
        await ending.last(tx as never);
      })
        .then(() => undefined)
        .catch((err: unknown) => {
          if (err === ROLLBACK) return;
          reject(err as Error);
          throw err;
        });
      // Awaited by commit or rollback; until then a failure must not count as unhandled.
      this.outcome.catch(() => undefined);
    });
    return this.beginning;
  }

  /**
   * Runs `last` as the transaction's last statement and commits; without a transaction begun (the handler
   * wrote nothing), runs `last` on the database itself. Throws when either fails (nothing is then kept).
   */
  async commit(last: (db: D) => Promise<void>) {
    if (this.state !== 'open') return;
    this.state = 'ending';
    try {
      if (!this.beginning) await last(this.base);
      else {
        this.end({ commit: true, last });
        await this.outcome;
      }
      this.committed = true;
    } finally {
      this.state = 'closed';
      this.close();
    }
  }

  /** Undoes whatever the handler wrote. */
  async rollback() {
    if (this.state !== 'open') return;
    this.state = 'ending';
    this.end({ commit: false });
    await this.outcome.catch(() => undefined);
    this.state = 'closed';
    this.close();
  }
}

const current = new AsyncLocalStorage<RequestTransaction>();
/** The database under each request-scoped one. */
const bases = new WeakMap<Db, Db>();

/** Runs `work` (a route handler) with `transaction` as what the request-scoped database resolves to. */
export function runInTransaction<T>(transaction: RequestTransaction, work: () => T): T {
  return current.run(transaction, work);
}

/** Members that only read (or build without a session): before the transaction begins they use the database. */
const READS = new Set<PropertyKey>([
  'select',
  'selectDistinct',
  'selectDistinctOn',
  '$count',
  'query',
  '$with',
]);

type Call = [PropertyKey, unknown[]];

/**
 * A write builder (`insert(t).values(v).returning()`, `execute(q)`, `transaction(fn)`) made before the
 * transaction began: the calls are kept and made on the transaction when the result is awaited.
 */
function deferred(t: RequestTransaction, calls: Call[]): unknown {
  const replay = async () => {
    let target: unknown = await t.begin();
    for (const [prop, args] of calls) {
      const obj = target as Record<PropertyKey, (...a: unknown[]) => unknown>;
      target = obj[prop]!(...args);
    }
    return target;
  };
  return new Proxy(() => undefined, {
    get(_, prop) {
      if (prop === 'then') {
        return (ok?: (v: unknown) => unknown, ko?: (e: unknown) => unknown) => replay().then(ok, ko);
      }
      if (prop === 'catch') return (ko?: (e: unknown) => unknown) => replay().catch(ko);
      if (prop === 'finally') return (f?: () => void) => replay().finally(f);
      if (typeof prop === 'symbol') return undefined;
      return (...args: unknown[]) => deferred(t, [...calls, [prop, args]]);
    },
  });
}

function member(obj: object, prop: PropertyKey) {
  const value: unknown = Reflect.get(obj, prop);
  return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(obj) : value;
}

/**
 * The application's database as the services receive it (`app.db`): inside an admin write's handler it is
 * that write's transaction (a service's own `transaction()` then becomes a savepoint in it); everywhere
 * else it is the database itself.
 */
export function requestScopedDb<D extends Db>(base: D): D {
  const scoped = new Proxy(base, {
    get(target, prop) {
      const t = current.getStore();
      if (!t || t.state !== 'open') return member(target, prop);
      if (t.tx) return member(t.tx, prop);
      // A read before the first write runs outside, as it always did; once the transaction is beginning,
      // everything waits for it (on PGlite a read outside would wait behind it for ever).
      if (!t.begun && READS.has(prop)) return member(target, prop);
      if (prop === 'transaction') {
        return (fn: (tx: Db) => Promise<unknown>, config?: { accessMode?: string }) =>
          !t.begun && config?.accessMode === 'read only'
            ? transactionOf(target)(fn, config)
            : t.begin().then((tx) => transactionOf(tx)(fn));
      }
      if (typeof prop === 'symbol' || typeof Reflect.get(target, prop) !== 'function') {
        return member(target, prop);
      }
      return (...args: unknown[]) => deferred(t, [[prop, args]]);
    },
  });
  bases.set(scoped, base);
  return scoped;
}

/**
 * Runs `fn` (a cache forgetting what a write changed) now and again once the current write's transaction
 * has ended, so that a reader between the two cannot keep what was there before the commit.
 */
export function afterCommit(fn: () => void) {
  fn();
  const t = current.getStore();
  if (t && t.state !== 'closed') void t.closed.then(fn);
}

/**
 * Commits the current write's transaction now, for a handler whose service wrote its own audit row in it
 * (`recordAudit`) and has slow work left that needs no database (rendering a PDF): on PGlite voters would
 * wait for it otherwise. What the handler does after goes to the database itself.
 */
export async function commitNow() {
  await current.getStore()?.commit(async () => undefined);
}
