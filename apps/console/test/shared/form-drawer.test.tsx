import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Form, Input } from 'antd';
import { RequestError } from '../../src/lib/request';
import { FormDrawer } from '../../src/shared/components/FormDrawer';
import { spyFeedback } from '../helpers';

/**
 * Issue 63: the one add / edit drawer of the rich-text records (announcements, activities, contract templates). It
 * opens on the record's values, saves once with the checked values, toasts what the save says and tells the list; a
 * refusal naming a field goes under that field and the drawer stays; a missing required value never reaches the save.
 */
type V = { title: string; starts?: string };

function Harness({ record, save, onSaved }: { record: V | null; save: (v: V) => Promise<string>; onSaved: () => void }) {
  const [form] = Form.useForm<V>();
  return (
    <FormDrawer<V>
      open
      record={record}
      form={form}
      width={600}
      title="edit"
      initial={() => record ?? { title: '' }}
      save={save}
      fields={['title']}
      fieldMap={{ startsAt: 'starts' }}
      onClose={() => undefined}
      onSaved={onSaved}
      saveTestId="save"
      formTestId="form"
    >
      <Form.Item name="title" label="title" rules={[{ required: true, message: 'title required' }]}>
        <Input data-testid="title" />
      </Form.Item>
      <Form.Item name="starts" label="starts">
        <Input data-testid="starts" />
      </Form.Item>
    </FormDrawer>
  );
}

describe('FormDrawer', () => {
  it("opens on the record's values, saves them once and toasts what the save said", async () => {
    const f = spyFeedback();
    const save = vi.fn(async (_v: V) => 'saved as v2');
    const onSaved = vi.fn();
    render(<Harness record={{ title: '开户协议' }} save={save} onSaved={onSaved} />);
    expect(((await screen.findByTestId('title')) as HTMLInputElement).value).toBe('开户协议');
    fireEvent.click(screen.getByTestId('save'));
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    expect(save).toHaveBeenCalledTimes(1);
    expect(save.mock.calls[0]![0]).toMatchObject({ title: '开户协议' });
    expect(f.message.success).toHaveBeenCalledWith('saved as v2');
  });

  it('keeps a missing required value from the save', async () => {
    spyFeedback();
    const save = vi.fn(async () => 'ok');
    render(<Harness record={null} save={save} onSaved={() => undefined} />);
    fireEvent.click(await screen.findByTestId('save'));
    expect(await screen.findByText('title required')).toBeTruthy();
    expect(save).not.toHaveBeenCalled();
  });

  it("puts a server refusal under the field it names (a server field mapped to the form's) and stays open", async () => {
    const f = spyFeedback();
    const onSaved = vi.fn();
    const save = vi.fn(async () => {
      throw new RequestError('status', '参数错误：startsAt 必须早于结束时间', 2);
    });
    render(<Harness record={{ title: 'x', starts: '2026-12-31' }} save={save} onSaved={onSaved} />);
    fireEvent.click(await screen.findByTestId('save'));
    expect(await screen.findByText('必须早于结束时间')).toBeTruthy();
    expect(onSaved).not.toHaveBeenCalled();
    expect(f.message.success).not.toHaveBeenCalled();
    expect(screen.getByTestId('form')).toBeTruthy();
  });
});
