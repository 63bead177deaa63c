import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { socketBus } from '../../../src/lib/socketBus';
import { ListTable } from '../../../src/shared/list/ListTable';

/**
 * A live reload never races a load under way (the e2e users spec once saw a search answered with the rows of the
 * filters before it): an event that arrives while the list is loading waits for that load, then reloads once.
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
});
