import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import RichTextEditor from '../../src/components/RichTextEditor';

describe('RichTextEditor', () => {
  it('shows the value, formats the selection and reports HTML', async () => {
    const onChange = vi.fn();
    const { container } = render(
      <RichTextEditor label="正文" value="<p>hello</p>" onChange={onChange} variables={[{ key: 'realName', label: 'Name' }]} />,
    );
    await waitFor(() => expect(container.querySelector('.tiptap')?.textContent).toBe('hello'));
    // The heading button turns the paragraph holding the cursor into a heading.
    // Its name starts with what it shows (WCAG 2.5.3), and the editable area is a named text box.
    fireEvent.click(screen.getByRole('button', { name: /^H2 (标题|Heading)$/ }));
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith('<h2>hello</h2>'));
    expect(screen.getByRole('button', { name: /^H2 (标题|Heading)$/ }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('textbox', { name: '正文' }).getAttribute('aria-multiline')).toBe('true');
  });

  it('takes a new value from outside (form reset) without echoing it back', async () => {
    const onChange = vi.fn();
    const { container, rerender } = render(<RichTextEditor label="正文" value="<p>a</p>" onChange={onChange} />);
    await waitFor(() => expect(container.querySelector('.tiptap')?.textContent).toBe('a'));
    rerender(<RichTextEditor label="正文" value="<p>b</p>" onChange={onChange} />);
    await waitFor(() => expect(container.querySelector('.tiptap')?.textContent).toBe('b'));
    expect(onChange.mock.calls).toEqual([]);
  });
});
