import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { socketBus } from '../../../src/lib/socketBus';
import { ListTable } from '../../../src/shared/list/ListTable';

/**
 * A live reload never races a load under way (the e2e users spec once saw a search answered with the rows of the
 * filters before it): an event that arrives while the list is loading waits for that load, then reloads once.
 * And a live reload is silent: 查询 does not spin (antd ignores a click on a spinning button, so an operator's search
 * made during a reload was lost) and the operator's search wins over the reload it overtakes.
 */
describe('ListTable live reload', () => {
  it('waits for the load under way, then reloads once with what it settled on', async () => {
    const answers: ((v: { data: { id: number }[]; total: number; success: boolean }) => void)[] = [];
    const request = vi.fn(() => new Promise<{ data: { id: number }[]; total: number; success: boolean }>((r) => answers.push(r)));
    render(
      <ListTable<{ id: number }>
        rowKey="id"
        search={false}
        columns={[{ title: 'ID', dataIndex: 'id' }]}
        layout={{ id: 'race', must: ['id'], card: { head: ['id'], fields: [] } }}
        live={['BUY_GP_SETTLED']}
        request={request}
      />,
    );
    await act(() => new Promise((r) => setTimeout(r, 100)));
    expect(request).toHaveBeenCalledTimes(1); // the first load, not answered yet
    act(() => socketBus.event({ cmd: 0, type: 'BUY_GP_SETTLED' } as never));
    await act(() => new Promise((r) => setTimeout(r, 600)));
    expect(request).toHaveBeenCalledTimes(1); // held back
    await act(async () => answers[0]!({ data: [{ id: 1 }], total: 1, success: true }));
    await act(() => new Promise((r) => setTimeout(r, 200)));
    expect(request).toHaveBeenCalledTimes(2);
    await act(async () => answers[1]!({ data: [{ id: 1 }, { id: 2 }], total: 2, success: true }));
    expect(await screen.findByText('2')).toBeTruthy();
  });

  it('leaves 查询 clickable during a live reload, and the search it sends is the one shown', async () => {
    type Answer = { data: { id: number; name: string }[]; total: number; success: boolean };
    const pending: { params: Record<string, unknown>; answer: (v: Answer) => void }[] = [];
    const request = vi.fn((params: Record<string, unknown>) => new Promise<Answer>((answer) => pending.push({ params, answer })));
    const { container } = render(
      <ListTable<{ id: number; name: string }>
        rowKey="id"
        columns={[
          { title: 'ID', dataIndex: 'id', search: false },
          { title: '名称', dataIndex: 'name' },
        ]}
        layout={{ id: 'race-search', must: ['id', 'name'], card: { head: ['id'], fields: ['name'] } }}
        live={['BUY_GP_SETTLED']}
        request={request}
      />,
    );
    await waitFor(() => expect(request).toHaveBeenCalledTimes(1));
    await act(async () => pending[0]!.answer({ data: [{ id: 1, name: 'first' }], total: 1, success: true }));
    await screen.findByText('first');
    // an event: the list reloads silently
    act(() => socketBus.event({ cmd: 0, type: 'BUY_GP_SETTLED' } as never));
    await waitFor(() => expect(request).toHaveBeenCalledTimes(2), { timeout: 3000 });
    const submit = container.querySelector<HTMLButtonElement>('.ant-pro-query-filter button.ant-btn-primary')!;
    expect(submit.className).not.toContain('ant-btn-loading');
    expect(container.querySelector('.ant-spin-spinning')).toBeNull();
    // the operator searches while it is in flight: the click is taken
    fireEvent.change(container.querySelector('input#name')!, { target: { value: 'second' } });
    fireEvent.click(submit);
    await waitFor(() => expect(request).toHaveBeenCalledTimes(3));
    expect(pending[2]!.params).toMatchObject({ name: 'second' });
    // the operator's own search shows that it runs
    await waitFor(() =>
      expect(container.querySelector('.ant-pro-query-filter button.ant-btn-primary')!.className).toContain('ant-btn-loading'),
    );
    // the reload answers late with the old filters' rows: they are not shown over the search's
    await act(async () => pending[2]!.answer({ data: [{ id: 2, name: 'second' }], total: 1, success: true }));
    await act(async () =>
      pending[1]!.answer({
        data: [
          { id: 1, name: 'first' },
          { id: 3, name: 'stale' },
        ],
        total: 2,
        success: true,
      }),
    );
    await act(() => new Promise((r) => setTimeout(r, 300)));
    expect(screen.queryByText('stale')).toBeNull();
    expect(screen.getAllByText('second').length).toBeGreaterThan(0);
  }, 20_000);
});
