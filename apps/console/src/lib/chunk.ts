import { createElement, lazy, useState, type ComponentType, type FunctionComponent } from 'react';

/** Spec §9: a script chunk that has not loaded after 120 s counts as failed. */
export const CHUNK_TIMEOUT_MS = 120_000;

/** Raised when a script or stylesheet chunk fails, is missing or times out (spec §8). */
export class ChunkLoadError extends Error {
  constructor(
    message: string,
    override readonly cause?: unknown,
  ) {
    super(message);
    this.name = 'ChunkLoadError';
  }
}

export const isChunkLoadError = (e: unknown): e is ChunkLoadError =>
  e instanceof ChunkLoadError || (typeof e === 'object' && e !== null && (e as Error).name === 'ChunkLoadError');

/** Runs a dynamic import; any failure, or no answer within `timeoutMs`, becomes a ChunkLoadError. */
export function loadChunk<T>(loader: () => Promise<T>, timeoutMs = CHUNK_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError(`Loading chunk timed out after ${timeoutMs} ms`)), timeoutMs);
    loader().then(
      (m) => {
        clearTimeout(timer);
        resolve(m);
      },
      (e: unknown) => {
        clearTimeout(timer);
        reject(new ChunkLoadError(`Loading chunk failed: ${(e as Error)?.message ?? String(e)}`, e));
      },
    );
  });
}

/** A lazily loaded page: renders like its module's component; `preload()` fetches and evaluates it ahead of use (answers the module). */
export type LazyPage<P extends object = object, M = unknown> = FunctionComponent<P> & { preload(): Promise<M> };

/**
 * `React.lazy` over `loadChunk`, for route pages and the shell (`lazyPage(() => import('./Page'))`).
 * Once the module has loaded (a `preload()` or an earlier use), a new instance renders its component at once:
 * `React.lazy` would suspend for a tick even then, and React holds a revealed boundary back for up to 300 ms
 * after its fallback showed — the time between 登录 and the workplace was mostly such waits. An instance keeps
 * the path it mounted with, so a page is never remounted when its module arrives.
 * Marked free of side effects so that a route table the first chunk does not use is dropped from it.
 */
/* @__NO_SIDE_EFFECTS__ */
export function lazyPage<P extends object, M extends { default: ComponentType<P> } = { default: ComponentType<P> }>(
  loader: () => Promise<M>,
): LazyPage<P, M> {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<M> | undefined;
  const load = () =>
    (pending ??= loadChunk(loader).then(
      (m) => {
        loaded = m.default;
        return m;
      },
      (e: unknown) => {
        pending = undefined; // a failed preload must not stand for the page's own load
        throw e;
      },
    ));
  const Lazy = lazy(load);
  function Page(props: P) {
    const [Loaded] = useState(() => loaded);
    return Loaded ? createElement(Loaded, props) : createElement(Lazy as unknown as ComponentType<P>, props);
  }
  Page.preload = load;
  return Page;
}
