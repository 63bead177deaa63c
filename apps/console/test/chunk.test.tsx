import { afterEach, describe, expect, it, vi } from 'vitest';
import { Suspense } from 'react';
import { render, screen } from '@testing-library/react';
import { ErrorBoundary } from '../src/components/ErrorBoundary';
import { CHUNK_TIMEOUT_MS, ChunkLoadError, isChunkLoadError, lazyPage, loadChunk } from '../src/lib/chunk';

afterEach(() => vi.useRealTimers());

describe('chunk loading', () => {
  it('a failed import becomes a ChunkLoadError', async () => {
    const e = await loadChunk(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module'))).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(ChunkLoadError);
    expect((e as Error).name).toBe('ChunkLoadError');
    expect(isChunkLoadError(e)).toBe(true);
  });

  it('an import that does not answer within 120 s becomes a ChunkLoadError', async () => {
    vi.useFakeTimers();
    const p = loadChunk(() => new Promise(() => undefined)).catch((x: unknown) => x);
    await vi.advanceTimersByTimeAsync(CHUNK_TIMEOUT_MS - 1);
    let settled = false;
    void p.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(isChunkLoadError(await p)).toBe(true);
  });

  it('the shell shows the new-version prompt instead of a blank page', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const Broken = lazyPage<object>(() => Promise.reject(new Error('404 chunk')));
    render(
      <ErrorBoundary>
        <Suspense fallback="loading">
          <Broken />
        </Suspense>
      </ErrorBoundary>,
    );
    expect(await screen.findByTestId('chunk-error')).toBeTruthy();
    expect(screen.getByText('有新版本可用')).toBeTruthy();
    expect(screen.getByRole('button', { name: /刷新页面/ })).toBeTruthy();
  });

  it('other render errors get a retry prompt', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const Boom = () => {
      throw new Error('boom');
    };
    render(
      <ErrorBoundary>
        <Boom />
      </ErrorBoundary>,
    );
    expect(await screen.findByTestId('crash-error')).toBeTruthy();
  });
});
