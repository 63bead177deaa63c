import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

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

/**
 * `React.lazy` over `loadChunk`, for route pages and the shell (`lazyPage(() => import('./Page'))`).
 * Marked free of side effects so that a route table the first chunk does not use is dropped from it.
 */
/* @__NO_SIDE_EFFECTS__ */
export function lazyPage<P extends object>(loader: () => Promise<{ default: ComponentType<P> }>): LazyExoticComponent<ComponentType<P>> {
  return lazy(() => loadChunk(loader));
}
