import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Popconfirm, Typography } from 'antd';
import { sessionStore } from '../../../src/lib/session';
import { ListTable } from '../../../src/shared/list/ListTable';
import { intentOf, isTextField, moveIndex } from '../../../src/shared/list/keyboard/shortcuts';
import { spyFeedback } from '../../helpers';

/**
 * Issue 65: a list worked by keyboard — ↑/↓ between rows, the row's letters press its own links (A approve, R
 * reject), Enter opens it, nothing in a text field, the letters off when the operator switched them off; the links
 * reachable by Tab and pressed by Enter.
 */
type Row = { id: number; name: string; pending: boolean };
const ROWS: Row[] = [
  { id: 1, name: 'first', pending: true },
  { id: 2, name: 'second', pending: false },
  { id: 3, name: 'third', pending: true },
];

function Queue({
  onApprove,
  onReject,
  onDetail,
}: {
  onApprove: (id: number) => void;
  onReject: (id: number) => void;
  onDetail: (id: number) => void;
}) {
  return (
    <ListTable<Row>
      rowKey="id"
      search={false}
      dataSource={ROWS}
      layout={{ id: 'keys', must: ['id', 'name'], card: { head: ['id'], fields: ['name'] } }}
      columns={[
        { title: 'ID', dataIndex: 'id' },
        { title: 'Name', dataIndex: 'name', search: false },
        {
          title: 'Actions',
          key: 'actions',
          valueType: 'option',
          render: (_, r) => [
            r.pending && (
              <a key="approve" onClick={() => onApprove(r.id)}>
                approve
              </a>
            ),
            r.pending && (
              <Typography.Link key="reject" type="danger" onClick={() => onReject(r.id)}>
                reject
              </Typography.Link>
            ),
            <a key="detail" onClick={() => onDetail(r.id)}>
              detail
            </a>,
          ],
        },
      ]}
    />
  );
}

const rows = (c: HTMLElement) => [...c.querySelectorAll<HTMLElement>('.ant-table-tbody > tr.ant-table-row')];

function setup() {
  const calls = { approve: vi.fn(), reject: vi.fn(), detail: vi.fn() };
  const feedback = spyFeedback();
  const view = render(<Queue onApprove={calls.approve} onReject={calls.reject} onDetail={calls.detail} />);
  return { ...calls, feedback, container: view.container };
}

describe('list keys', () => {
  afterEach(() => sessionStore.set((s) => ({ ...s, siteStyle: { ...s.siteStyle, shortcuts: undefined } })));

  it('moves between rows with the arrows and presses the row’s own links with its letters', async () => {
    const { container, approve, reject, detail } = setup();
    await screen.findByText('third');
    const [r1, r2, r3] = rows(container);
    // one tab stop for the rows: the first
    expect([r1, r2, r3].map((r) => r!.tabIndex)).toEqual([0, -1, -1]);
    act(() => r1!.focus());
    fireEvent.keyDown(r1!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(r2);
    await waitFor(() => expect(r2!.tabIndex).toBe(0));
    fireEvent.keyDown(r2!, { key: 'End' });
    expect(document.activeElement).toBe(r3);
    fireEvent.keyDown(r3!, { key: 'ArrowDown' }); // stays on the last
    expect(document.activeElement).toBe(r3);
    fireEvent.keyDown(r3!, { key: 'a' });
    expect(approve).toHaveBeenCalledWith(3);
    fireEvent.keyDown(r3!, { key: 'R' });
    expect(reject).toHaveBeenCalledWith(3);
    fireEvent.keyDown(r3!, { key: 'Enter' });
    expect(detail).toHaveBeenCalledWith(3);
    fireEvent.keyDown(r3!, { key: 'Home' });
    expect(document.activeElement).toBe(r1);
  });

  it('says so when the row has no such action, and never acts with a modifier', async () => {
    const { container, approve, feedback } = setup();
    await screen.findByText('second');
    const r2 = rows(container)[1]!;
    act(() => r2.focus());
    fireEvent.keyDown(r2, { key: 'a' });
    expect(approve).not.toHaveBeenCalled();
    expect(feedback.message.info).toHaveBeenCalledWith(expect.stringContaining('A'));
    fireEvent.keyDown(rows(container)[0]!, { key: 'a', ctrlKey: true });
    expect(approve).not.toHaveBeenCalled();
  });

  it('makes each action link a button that Tab reaches and Enter presses, with its shortcut named', async () => {
    const { container, approve, detail } = setup();
    await screen.findByText('first');
    const link = container.querySelector<HTMLElement>('[data-action="approve"]')!;
    expect(link.tabIndex).toBe(0);
    expect(link.getAttribute('role')).toBe('button');
    expect(link.getAttribute('aria-keyshortcuts')).toBe('A');
    fireEvent.keyDown(link, { key: 'Enter' });
    expect(approve).toHaveBeenCalledTimes(1);
    expect(detail).not.toHaveBeenCalled(); // the row's Enter (open) was not pressed as well
    const reject = container.querySelector<HTMLElement>('[data-action="reject"]')!;
    expect([reject.tagName, reject.tabIndex, reject.getAttribute('aria-keyshortcuts')]).toEqual(['A', 0, 'R']);
    fireEvent.keyDown(container.querySelector<HTMLElement>('[data-action="detail"]')!, { key: ' ' });
    expect(detail).toHaveBeenCalledTimes(1);
  });

  it('switched off by the operator: no letter acts, no help; the arrows still move', async () => {
    act(() => sessionStore.set((s) => ({ ...s, siteStyle: { ...s.siteStyle, shortcuts: false } })));
    const { container, approve } = setup();
    await screen.findByText('first');
    const [r1, r2] = rows(container);
    act(() => r1!.focus());
    fireEvent.keyDown(r1!, { key: 'a' });
    fireEvent.keyDown(r1!, { key: '?' });
    expect(approve).not.toHaveBeenCalled();
    expect(screen.queryByTestId('shortcut-help')).toBeNull();
    expect(container.querySelector('[data-testid="shortcut-help-open"]')).toBeNull();
    expect(container.querySelector('[data-action="approve"]')!.getAttribute('aria-keyshortcuts')).toBeNull();
    fireEvent.keyDown(r1!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(r2);
  });

  it('opens the help with ? and from the toolbar', async () => {
    const { container } = setup();
    await screen.findByText('first');
    fireEvent.keyDown(rows(container)[0]!, { key: '?' });
    expect(await screen.findByTestId('shortcut-help')).toBeTruthy();
    expect(screen.getByTestId('shortcut-help').textContent).toMatch(/Enter/);
  });
});

describe('the keys themselves', () => {
  const press = (key: string, mods: Partial<{ ctrlKey: boolean; metaKey: boolean; altKey: boolean }> = {}) => ({
    key,
    ctrlKey: false,
    metaKey: false,
    altKey: false,
    ...mods,
  });
  it('reads letters only on the row itself and only when switched on', () => {
    expect(intentOf(press('a'), { onRow: true, letters: true })).toMatchObject({ kind: 'action', shortcut: { key: 'a' } });
    expect(intentOf(press('a'), { onRow: false, letters: true })).toBeNull(); // a link in the row has the focus
    expect(intentOf(press('a'), { onRow: true, letters: false })).toBeNull();
    expect(intentOf(press('Enter'), { onRow: false, letters: true })).toBeNull();
    expect(intentOf(press('ArrowDown'), { onRow: false, letters: false })).toEqual({ kind: 'move', move: 'next' });
    expect(intentOf(press('x'), { onRow: true, letters: true })).toBeNull();
    expect(intentOf(press('r', { altKey: true }), { onRow: true, letters: true })).toBeNull();
  });
  it('stays within the rows', () => {
    expect(moveIndex(0, 3, 'prev')).toBe(0);
    expect(moveIndex(2, 3, 'next')).toBe(2);
    expect(moveIndex(1, 3, 'last')).toBe(2);
    expect(moveIndex(0, 0, 'next')).toBe(-1);
  });
  it('knows a text field from a button', () => {
    const el = (html: string) => {
      const d = document.createElement('div');
      d.innerHTML = html;
      return d.firstElementChild;
    };
    expect(isTextField(el('<input type="text">'))).toBe(true);
    expect(isTextField(el('<textarea></textarea>'))).toBe(true);
    expect(isTextField(el('<input type="checkbox">'))).toBe(false);
    expect(isTextField(el('<div role="combobox"></div>'))).toBe(true);
    expect(isTextField(el('<a role="button">x</a>'))).toBe(false);
  });
});

describe('a confirmation opened from a row', () => {
  it('puts the focus on its confirm button', async () => {
    const ok = vi.fn();
    const { container } = render(
      <ListTable<Row>
        rowKey="id"
        search={false}
        dataSource={ROWS.slice(0, 1)}
        layout={{ id: 'keys-confirm', must: ['id'], card: { head: ['id'], fields: [] } }}
        columns={[
          { title: 'ID', dataIndex: 'id' },
          {
            title: 'Actions',
            key: 'actions',
            valueType: 'option',
            render: () => [
              <Popconfirm key="confirm" title="sure?" onConfirm={ok} okText="yes">
                <a>confirm</a>
              </Popconfirm>,
            ],
          },
        ]}
      />,
    );
    await screen.findByText('confirm');
    const row = rows(container)[0]!;
    act(() => row.focus());
    fireEvent.keyDown(row, { key: 'a' });
    await waitFor(() => expect((document.activeElement as HTMLElement).textContent).toBe('yes'));
    fireEvent.click(document.activeElement!);
    expect(ok).toHaveBeenCalled();
  });
});
