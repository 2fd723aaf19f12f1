import type { Db } from "./client";

/**
 * Collects what requests add in one turn of the event loop, per database, and hands it to
 * `flush` together once that turn's I/O has been handled (`setImmediate`): requests that
 * arrived together then share one transaction and one commit. `flush` must settle every
 * item it is given.
 */
export function perTurn<T>(flush: (db: Db, items: T[]) => Promise<void>): (db: Db, item: T) => void {
  const waiting = new WeakMap<Db, T[]>();
  return (db, item) => {
    let items = waiting.get(db);
    if (!items) {
      const turn: T[] = [];
      items = turn;
      waiting.set(db, turn);
      setImmediate(() => {
        waiting.delete(db);
        void flush(db, turn);
      });
    }
    items.push(item);
  };
}
