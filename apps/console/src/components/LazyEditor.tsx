import { lazy, Suspense } from 'react';
import { Skeleton } from 'antd';
import type { RichTextEditorProps } from './RichTextEditor';

// the editor (Tiptap) loads with the form that shows it, not with the list page
const RichTextEditor = lazy(() => import('./RichTextEditor'));

/** The rich-text editor as a form control (Form.Item hands value / onChange to this, which hands them on). */
export function LazyEditor(props: RichTextEditorProps) {
  return (
    <Suspense fallback={<Skeleton active />}>
      <RichTextEditor {...props} />
    </Suspense>
  );
}
