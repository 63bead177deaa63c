import { describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { changeLang } from '../../../src/app/i18n';
import { ListCard } from '../../../src/shared/list/ListCard';

/**
 * A row as a phone card (issue 65): the fields that do not fit stay behind a toggle that the keyboard reaches (it was an
 * <a> without href, which Tab skips), says whether it is open, and is named apart from the row's own 更多 actions menu.
 */
interface Row {
  id: number;
  name: string;
  phone: string;
  agent: string;
}
const row: Row = { id: 7, name: '李刚', phone: '13610223026', agent: '华东总代理' };

function card() {
  return render(
    <ListCard<Row>
      r={row}
      index={0}
      head={[{ title: 'ID', dataIndex: 'id' }]}
      fields={[{ title: '姓名', dataIndex: 'name' }]}
      rest={[
        { title: '手机号', dataIndex: 'phone' },
        { title: '所属代理', dataIndex: 'agent' },
      ]}
      actions={{
        title: '操作',
        dataIndex: 'actions',
        render: () => [
          <a key="more" href="#/x">
            更多
          </a>,
        ],
      }}
    />,
  );
}

describe('ListCard', () => {
  it('keeps its hidden fields behind a real button: focusable, saying whether it is open', async () => {
    await act(() => changeLang('zh-CN'));
    card();
    expect(screen.queryByText('13610223026')).toBeNull();
    // a <button> (the keyboard reaches it and Enter or Space presses it), not an <a> without href that Tab skips
    const toggle = screen.getByRole('button', { name: '更多字段' });
    expect(toggle.tagName).toBe('BUTTON');
    toggle.focus();
    expect(document.activeElement).toBe(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(screen.getByText('13610223026')).toBeTruthy();
    expect(screen.getByText('华东总代理')).toBeTruthy();
    const open = screen.getByRole('button', { name: '收起字段' });
    expect(open.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(open);
    expect(screen.queryByText('13610223026')).toBeNull();
  });

  it('names the toggle in English, apart from the row actions’ “More”', async () => {
    await act(() => changeLang('en-US'));
    card();
    fireEvent.click(screen.getByRole('button', { name: 'More fields' }));
    expect(screen.getByRole('button', { name: 'Fewer fields' })).toBeTruthy();
    await act(() => changeLang('zh-CN'));
  });
});
