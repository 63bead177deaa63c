import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { UserInfo } from '@stock-admin/contracts';
import { changeLang } from '../../../src/app/i18n';
import { setUserInfo } from '../../../src/lib/session';
import { CrudList, type EditorProps } from '../../../src/shared/list/CrudList';
import { renderRoute } from '../../renderRoute';

/**
 * THE list-and-editor page (issue 63: 13 pages on it): what each page relies on it for. Add and edit open the one
 * editor on a new record or on the row; delete asks, calls once, says so and reloads; a refused delete keeps the row and
 * says nothing more; a row the page marks as not editable or not deletable has no link; an operator whose role lacks
 * the action, or who only reads these records (`manage` false), sees no button and no empty actions column.
 */
interface Row {
  id: number;
  name: string;
  builtin: boolean;
}

const operator = (actions: string[], isSuper = false) =>
  ({
    id: 9,
    name: 'op',
    username: 'op',
    avatar: '',
    isSuper,
    agentId: null,
    role: { id: 2, name: 'ops', permissions: [{ permissionId: 'managelist', permissionName: 'roles', actions, actionEntitySet: [] }] },
  }) as unknown as UserInfo;

let rows: Row[];
let loads: number;
let editorSaw: (Row | null)[];

function Editor({ open, record, onSaved }: EditorProps<Row>) {
  if (!open) return null;
  editorSaw.push(record);
  return (
    <div data-testid="editor">
      {record ? `editing ${record.name}` : 'new'}
      <button onClick={onSaved}>save</button>
    </div>
  );
}

function renderList(over: { manage?: boolean; run?: (r: Row) => Promise<unknown>; done?: () => void; ordered?: boolean } = {}) {
  return renderRoute(
    <CrudList<Row, { list: Row[]; total: number }>
      testId="crud"
      title="Things"
      layout={{ id: 'things', must: ['name'], card: { head: ['name'], fields: [] } }}
      manage={over.manage}
      load={async () => {
        loads += 1;
        return { list: rows, total: rows.length };
      }}
      add={{ label: 'Add thing', testId: 'add' }}
      rowActions={over.ordered ? (r) => [<a key="b">before {r.id}</a>] : undefined}
      afterEdit={over.ordered ? (r) => [<a key="m">middle {r.id}</a>] : undefined}
      editable={(r) => !r.builtin}
      editTestId={(r) => `edit-${r.id}`}
      remove={{
        when: (r) => !r.builtin,
        confirm: (r) => `Delete ${r.name}?`,
        run: over.run ?? (async (r) => void (rows = rows.filter((x) => x.id !== r.id))),
        done: over.done,
        testId: (r) => `del-${r.id}`,
      }}
      Editor={Editor}
      columns={() => [{ title: 'Name', dataIndex: 'name', render: (_, r) => <span data-testid={`name-${r.id}`}>{r.name}</span> }]}
    />,
    { route: '/managesettings/rolelist', permission: 'managelist' },
  );
}

beforeEach(async () => {
  await changeLang('en-US');
  rows = [
    { id: 1, name: 'alpha', builtin: true },
    { id: 2, name: 'beta', builtin: false },
  ];
  loads = 0;
  editorSaw = [];
});

const popOk = () =>
  document.querySelector<HTMLButtonElement>('.ant-popconfirm:not(.ant-popover-hidden) .ant-popconfirm-buttons .ant-btn-primary');
const confirmDelete = async () => {
  await waitFor(() => expect(popOk()).not.toBeNull());
  fireEvent.click(popOk()!);
};

describe('CrudList', () => {
  it('opens the editor on a new record and on the row, and reloads after a save', async () => {
    act(() => setUserInfo(operator(['get', 'add', 'edit', 'delete'])));
    renderList();
    await screen.findByTestId('name-2');
    fireEvent.click(screen.getByTestId('add'));
    expect((await screen.findByTestId('editor')).textContent).toContain('new');
    expect(editorSaw.at(-1)).toBeNull();
    fireEvent.click(screen.getByText('save'));
    await waitFor(() => expect(loads).toBe(2));
    expect(screen.queryByTestId('editor')).toBeNull();

    fireEvent.click(screen.getByTestId('edit-2'));
    expect((await screen.findByTestId('editor')).textContent).toContain('editing beta');
    expect(editorSaw.at(-1)?.id).toBe(2);
  });

  it('orders a row’s actions as the page says: its own first, edit, those after edit, delete last', async () => {
    act(() => setUserInfo(operator(['get', 'edit', 'delete'])));
    renderList({ ordered: true });
    const cell = (await screen.findByTestId('del-2')).closest('td')!;
    const links = [...cell.querySelectorAll('a')].map((a) => a.textContent);
    expect(links).toEqual(['before 2', 'Edit', 'middle 2', 'Delete']);
  });

  it('has no edit or delete on a row the page marks as built in', async () => {
    act(() => setUserInfo(operator(['get', 'add', 'edit', 'delete'])));
    renderList();
    await screen.findByTestId('name-1');
    expect(screen.queryByTestId('edit-1')).toBeNull();
    expect(screen.queryByTestId('del-1')).toBeNull();
    expect(screen.getByTestId('edit-2')).toBeTruthy();
    expect(screen.getByTestId('del-2')).toBeTruthy();
  });

  it('deletes after the question: one call, the page told, the row gone', async () => {
    act(() => setUserInfo(operator(['get', 'delete'])));
    const run = vi.fn(async (r: Row) => void (rows = rows.filter((x) => x.id !== r.id)));
    const done = vi.fn();
    renderList({ run, done });
    fireEvent.click(await screen.findByTestId('del-2'));
    expect(await screen.findByText('Delete beta?')).toBeTruthy();
    expect(run).not.toHaveBeenCalled();
    await confirmDelete();
    await waitFor(() => expect(screen.queryByTestId('name-2')).toBeNull());
    expect(run).toHaveBeenCalledTimes(1);
    expect(run.mock.calls[0]![0].id).toBe(2);
    expect(done).toHaveBeenCalledTimes(1);
  });

  it('keeps the row when the server refuses the delete, and says nothing more', async () => {
    act(() => setUserInfo(operator(['get', 'delete'])));
    const done = vi.fn();
    const run = vi.fn(() => Promise.reject(new Error('refused')));
    renderList({ run, done });
    fireEvent.click(await screen.findByTestId('del-2'));
    await confirmDelete();
    await waitFor(() => expect(run).toHaveBeenCalledTimes(1));
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(done).not.toHaveBeenCalled();
    expect(loads).toBe(1);
    expect(screen.getByTestId('name-2')).toBeTruthy();
  });

  it('shows an operator without the actions no add, no links and no actions column', async () => {
    act(() => setUserInfo(operator(['get'])));
    renderList();
    await screen.findByTestId('name-2');
    expect(screen.queryByTestId('add')).toBeNull();
    expect(screen.queryByTestId('edit-2')).toBeNull();
    expect(screen.queryByTestId('del-2')).toBeNull();
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).toBeNull();
  });

  it('gives a reader of these records (manage false) nothing to change, whatever the role grants', async () => {
    act(() => setUserInfo(operator(['get', 'add', 'edit', 'delete'], true)));
    renderList({ manage: false });
    await screen.findByTestId('name-2');
    expect(screen.queryByTestId('add')).toBeNull();
    expect(screen.queryByTestId('edit-2')).toBeNull();
    expect(screen.queryByTestId('del-2')).toBeNull();
  });
});
