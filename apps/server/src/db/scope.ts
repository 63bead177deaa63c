import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * What a call carries down to its statements without passing it: the request's commit hooks and a transaction's
 * after-commit work (db/transactions.ts), the transaction-id ask of its BEGIN (db/begin.ts), a read endpoint's
 * standby reads (db/replica.ts). One AsyncLocalStorage holds them all, each under its own key.
 *
 * Why one: on Node 20 every AsyncLocalStorage in use copies its store onto every promise the process makes (V8's
 * promise hooks), so each further store is paid by every await, not only by the calls that set it — 2 M awaited
 * promises: 160-230 ms with none, 480-610 ms with one, 770-1,020 ms with three (bench/README "AsyncLocalStorage's
 * share"). A value set here is read only below the `run` that set it, as with a store of its own.
 */
const store = new AsyncLocalStorage<Readonly<Record<symbol, unknown>>>();

export interface ScopedValue<T> {
  /** The value set by the innermost `run` around this code, or undefined. */
  get(): T | undefined;
  /** Runs `fn` with the value set to `value` (undefined: unset), the other keys as they are. */
  run<R>(value: T | undefined, fn: () => R): R;
  /** Runs `fn` with the value unset: at once when it is unset already. */
  exit<R>(fn: () => R): R;
}

/** A value of the call scope under a key of its own. */
export function scopedValue<T>(name: string): ScopedValue<T> {
  const key = Symbol(name);
  const get = () => store.getStore()?.[key] as T | undefined;
  const run = <R>(value: T | undefined, fn: () => R): R => store.run({ ...store.getStore(), [key]: value }, fn);
  return { get, run, exit: (fn) => (get() === undefined ? fn() : run(undefined, fn)) };
}
