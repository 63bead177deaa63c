import { useEffect } from 'react';
import { Button, Divider, Dropdown, Input, Modal, Space, Tooltip, Upload } from 'antd';
import {
  BoldOutlined,
  CodeOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  PictureOutlined,
  RedoOutlined,
  StrikethroughOutlined,
  UnderlineOutlined,
  UndoOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import Image from '@tiptap/extension-image';
import { useTranslation } from 'react-i18next';
import './RichTextEditor.css';

/**
 * THE rich-text editor of the console (announcements, contract and message templates, activity rules): Tiptap (a
 * maintained ProseMirror editor) with an antd toolbar. It writes plain semantic HTML (headings, lists, links,
 * images); the server sanitises whatever arrives (apps/server/src/lib/rich-text.ts), so this is a convenience, not
 * a safeguard. Works as an antd Form control (`value` / `onChange`).
 */
export interface RichTextEditorProps {
  /** The field's name, read to a screen reader on the editable area (its form label cannot point at a div). */
  label: string;
  value?: string;
  onChange?: (html: string) => void;
  placeholder?: string;
  /** Placeholders offered by the "insert variable" menu, e.g. `realName` → `{{realName}}`. */
  variables?: { key: string; label: string }[];
  /** Uploads an image and gives its URL; without it the image button is hidden. */
  uploadImage?: (file: File) => Promise<string>;
  minHeight?: number;
  disabled?: boolean;
  'data-testid'?: string;
}

export default function RichTextEditor(props: RichTextEditorProps) {
  const { value, onChange, variables, uploadImage, minHeight = 240, disabled } = props;
  const editor = useEditor({
    extensions: [StarterKit.configure({ link: { openOnClick: false, autolink: true }, trailingNode: false }), Image],
    content: value ?? '',
    editable: !disabled,
    editorProps: { attributes: { role: 'textbox', 'aria-multiline': 'true', 'aria-label': props.label } },
    onUpdate: ({ editor: e }) => onChange?.(e.isEmpty ? '' : e.getHTML()),
  });

  // A form reset or a record loaded after mount replaces the content (not on our own echo).
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    const current = editor.isEmpty ? '' : editor.getHTML();
    if ((value ?? '') !== current) editor.commands.setContent(value ?? '', { emitUpdate: false });
  }, [editor, value]);

  useEffect(() => {
    if (editor && editor.isEditable === !!disabled) editor.setEditable(!disabled, false);
  }, [editor, disabled]);

  return (
    <div className={`rte${disabled ? ' rte-disabled' : ''}`} data-testid={props['data-testid']}>
      {editor && <Toolbar editor={editor} variables={variables} uploadImage={uploadImage} disabled={disabled} />}
      <EditorContent editor={editor} className="rte-content" style={{ minHeight }} data-placeholder={props.placeholder} />
    </div>
  );
}

function Toolbar({
  editor,
  variables,
  uploadImage,
  disabled,
}: {
  editor: Editor;
  variables?: RichTextEditorProps['variables'];
  uploadImage?: RichTextEditorProps['uploadImage'];
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  // Re-render the toolbar when the selection's marks change (active buttons).
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      strike: e.isActive('strike'),
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      quote: e.isActive('blockquote'),
      code: e.isActive('codeBlock'),
      link: e.isActive('link'),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  const chain = () => editor.chain().focus();
  const btn = (key: string, icon: React.ReactNode, active: boolean, run: () => void, off = false) => (
    <Tooltip title={t(`editor.${key}`)} key={key}>
      <Button
        size="small"
        type={active ? 'primary' : 'text'}
        icon={icon}
        aria-label={t(`editor.${key}`)}
        aria-pressed={active}
        disabled={disabled || off}
        onClick={run}
      />
    </Tooltip>
  );
  const text = (key: string, label: string, active: boolean, run: () => void) => (
    <Tooltip title={t(`editor.${key}`)} key={key}>
      <Button
        size="small"
        type={active ? 'primary' : 'text'}
        // the name starts with what the button shows (WCAG 2.5.3, label in name): "H2 标题"
        aria-label={`${label} ${t(`editor.${key}`)}`}
        aria-pressed={active}
        disabled={disabled}
        onClick={run}
      >
        {label}
      </Button>
    </Tooltip>
  );

  const editLink = () => {
    let href = (editor.getAttributes('link').href as string | undefined) ?? 'https://';
    Modal.confirm({
      title: t('editor.link'),
      icon: null,
      content: <Input defaultValue={href} autoFocus onChange={(e) => (href = e.target.value)} data-testid="rte-link-input" />,
      okText: t('editor.ok'),
      cancelText: t('editor.removeLink'),
      onOk: () => {
        const v = href.trim();
        if (v) chain().extendMarkRange('link').setLink({ href: v, target: '_blank' }).run();
      },
      onCancel: (close?: unknown) => {
        chain().extendMarkRange('link').unsetLink().run();
        if (typeof close === 'function') (close as () => void)();
      },
    });
  };

  return (
    <div className="rte-toolbar" role="toolbar" aria-label={t('editor.toolbar')}>
      <Space size={2} wrap>
        {text('h2', 'H2', state.h2, () => chain().toggleHeading({ level: 2 }).run())}
        {text('h3', 'H3', state.h3, () => chain().toggleHeading({ level: 3 }).run())}
        <Divider type="vertical" />
        {btn('bold', <BoldOutlined />, state.bold, () => chain().toggleBold().run())}
        {btn('italic', <ItalicOutlined />, state.italic, () => chain().toggleItalic().run())}
        {btn('underline', <UnderlineOutlined />, state.underline, () => chain().toggleUnderline().run())}
        {btn('strike', <StrikethroughOutlined />, state.strike, () => chain().toggleStrike().run())}
        <Divider type="vertical" />
        {btn('bulletList', <UnorderedListOutlined />, state.bullet, () => chain().toggleBulletList().run())}
        {btn('orderedList', <OrderedListOutlined />, state.ordered, () => chain().toggleOrderedList().run())}
        {text('blockquote', '❝', state.quote, () => chain().toggleBlockquote().run())}
        {btn('codeBlock', <CodeOutlined />, state.code, () => chain().toggleCodeBlock().run())}
        <Divider type="vertical" />
        {btn('link', <LinkOutlined />, state.link, editLink)}
        {uploadImage && (
          <Upload
            accept="image/png,image/jpeg,image/gif,image/webp"
            showUploadList={false}
            disabled={disabled}
            customRequest={({ file, onSuccess, onError }) => {
              uploadImage(file as File).then(
                (url) => {
                  chain().setImage({ src: url }).run();
                  onSuccess?.(url);
                },
                (e: unknown) => onError?.(e as Error),
              );
            }}
          >
            {btn('image', <PictureOutlined />, false, () => undefined)}
          </Upload>
        )}
        {variables && variables.length > 0 && (
          <Dropdown
            disabled={disabled}
            menu={{
              items: variables.map((v) => ({ key: v.key, label: `${v.label}  {{${v.key}}}` })),
              onClick: ({ key }) => chain().insertContent(`{{${key}}}`).run(),
            }}
          >
            <Button size="small" type="text" data-testid="rte-variables">
              {t('editor.variables')}
            </Button>
          </Dropdown>
        )}
        <Divider type="vertical" />
        {btn('undo', <UndoOutlined />, false, () => chain().undo().run(), !state.canUndo)}
        {btn('redo', <RedoOutlined />, false, () => chain().redo().run(), !state.canRedo)}
      </Space>
    </div>
  );
}
