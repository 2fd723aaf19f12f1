/**
 * A map that keeps at most `max` entries, dropping the least recently used first (a read
 * counts as a use). The server's header caches and each connection's kept statements use
 * it. The header caches used to clear themselves whole once full: with more members'
 * headers in use than they held, nearly every request rendered and deflated its header again.
 */
export class RecentlyUsed<K, V> {
  private readonly entries = new Map<K, V>();

  constructor(private readonly max: number) {}

  get size(): number {
    return this.entries.size;
  }

  get(key: K): V | undefined {
    const value = this.entries.get(key);
    if (value === undefined) return undefined;
    // Most recently used last, so the first key is the one to drop.
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  set(key: K, value: V): void {
    this.entries.delete(key);
    if (this.entries.size >= this.max) this.entries.delete(this.entries.keys().next().value as K);
    this.entries.set(key, value);
  }
}
