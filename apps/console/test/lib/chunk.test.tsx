import { afterEach, describe, expect, it, vi } from 'vitest';
import { Suspense, useEffect, useState } from 'react';
import { act, render, screen } from '@testing-library/react';
import { ErrorBoundary } from '../../src/components/ErrorBoundary';
import { CHUNK_TIMEOUT_MS, ChunkLoadError, isChunkLoadError, lazyPage, loadChunk } from '../../src/lib/chunk';

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

  it('a page whose module has loaded renders at once, without its fallback (React would hold it back 300 ms)', async () => {
    const loader = vi.fn(() => Promise.resolve({ default: () => <span>page</span> }));
    const Page = lazyPage<object>(loader);
    await Page.preload();
    render(
      <Suspense fallback="loading">
        <Page />
      </Suspense>,
    );
    // synchronously in the first commit: no "loading" in between
    expect(screen.getByText('page')).toBeTruthy();
    expect(screen.queryByText('loading')).toBeNull();
    await Page.preload();
    expect(loader).toHaveBeenCalledTimes(1);
  });

  it('an instance mounted before its module arrived keeps its state when the module is in (never remounted)', async () => {
    let mounts = 0;
    function Counter() {
      const [n, setN] = useState(0);
      useEffect(() => {
        mounts++;
      }, []);
      return <button onClick={() => setN(n + 1)}>n={n}</button>;
    }
    const Page = lazyPage<object>(() => Promise.resolve({ default: Counter }));
    const { rerender } = render(
      <Suspense fallback="loading">
        <Page key="a" />
      </Suspense>,
    );
    expect(screen.getByText('loading')).toBeTruthy();
    const button = await screen.findByText('n=0');
    act(() => button.click());
    rerender(
      <Suspense fallback="loading">
        <Page key="a" />
      </Suspense>,
    );
    expect(screen.getByText('n=1')).toBeTruthy();
    expect(mounts).toBe(1);
  });

  it('a failed preload does not stand for the page: its own load tries again', async () => {
    let calls = 0;
    const Page = lazyPage<object>(() =>
      ++calls === 1 ? Promise.reject(new Error('offline')) : Promise.resolve({ default: () => <span>back</span> }),
    );
    expect(isChunkLoadError(await Page.preload().catch((e: unknown) => e))).toBe(true);
    render(
      <Suspense fallback="loading">
        <Page />
      </Suspense>,
    );
    expect(await screen.findByText('back')).toBeTruthy();
    expect(calls).toBe(2);
  });
});
