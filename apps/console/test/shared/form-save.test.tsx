import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Form, Input } from 'antd';
import { changeLang } from '../../src/app/i18n';
import { RequestError } from '../../src/lib/request';
import { useFormSave, type FormSaveOptions } from '../../src/shared/useFormSave';

/**
 * THE save of the console's form dialogs and drawers (issue 63: one submit path for FormDrawer, ReasonDialog,
 * AdjustModal and the feature forms): an unfinished form sends nothing; the button is busy while the call runs; a
 * refusal naming a field goes under it and the form stays; a change held for a second administrator ends the dialog.
 */
function Probe({ save, options }: { save: (v: { amount: string }) => Promise<void>; options?: Partial<FormSaveOptions> }) {
  const [form] = Form.useForm<{ amount: string }>();
  const { busy, submit } = useFormSave(form, { fields: ['amount'], ...options });
  return (
    <Form form={form}>
      <Form.Item name="amount" rules={[{ required: true, message: 'amount is required' }]}>
        <Input data-testid="amount" />
      </Form.Item>
      <button type="button" onClick={() => submit(save)} data-testid="ok">
        {busy ? 'busy' : 'ok'}
      </button>
    </Form>
  );
}

beforeEach(async () => {
  await changeLang('zh-CN');
});

describe('useFormSave', () => {
  it('sends nothing while the form is unfinished, and shows the form’s own message', async () => {
    const save = vi.fn(async () => undefined);
    render(<Probe save={save} />);
    fireEvent.click(screen.getByTestId('ok'));
    expect(await screen.findByText('amount is required')).toBeTruthy();
    expect(save).not.toHaveBeenCalled();
  });

  it('saves the checked values once, busy until the call answers', async () => {
    let answer!: () => void;
    const save = vi.fn((_v: { amount: string }) => new Promise<void>((r) => (answer = r)));
    render(<Probe save={save} />);
    fireEvent.change(screen.getByTestId('amount'), { target: { value: '12.50' } });
    fireEvent.click(screen.getByTestId('ok'));
    await waitFor(() => expect(screen.getByTestId('ok').textContent).toBe('busy'));
    expect(save).toHaveBeenCalledTimes(1);
    expect(save.mock.calls[0]![0]).toEqual({ amount: '12.50' });
    await act(async () => answer());
    expect(screen.getByTestId('ok').textContent).toBe('ok');
  });

  it('puts a refusal naming a field under that field, and tells the caller it did', async () => {
    const refused = vi.fn();
    const save = async () => {
      throw new RequestError('status', '参数错误：amount 超出单笔上限', 2);
    };
    render(<Probe save={save} options={{ onRefused: refused }} />);
    fireEvent.change(screen.getByTestId('amount'), { target: { value: '9' } });
    fireEvent.click(screen.getByTestId('ok'));
    expect(await screen.findByText('超出单笔上限')).toBeTruthy();
    expect(refused).toHaveBeenCalledTimes(1);
    expect(refused.mock.calls[0]![1]).toBe(true);
    expect(screen.getByTestId('ok').textContent).toBe('ok');
  });

  it('ends the dialog on a change held for a second administrator, with nothing under a field', async () => {
    const held = vi.fn();
    const refused = vi.fn();
    const save = async () => {
      throw new RequestError('held', '已提交复核');
    };
    render(<Probe save={save} options={{ onHeld: held, onRefused: refused }} />);
    fireEvent.change(screen.getByTestId('amount'), { target: { value: '9' } });
    fireEvent.click(screen.getByTestId('ok'));
    await waitFor(() => expect(held).toHaveBeenCalledTimes(1));
    expect(refused).not.toHaveBeenCalled();
  });

  it('tells the caller of a refusal it could not place (the request client showed it)', async () => {
    const refused = vi.fn();
    const save = async () => {
      throw new RequestError('status', '余额不足', 1);
    };
    render(<Probe save={save} options={{ onRefused: refused }} />);
    fireEvent.change(screen.getByTestId('amount'), { target: { value: '9' } });
    fireEvent.click(screen.getByTestId('ok'));
    await waitFor(() => expect(refused).toHaveBeenCalledTimes(1));
    expect(refused.mock.calls[0]![1]).toBe(false);
  });
});
