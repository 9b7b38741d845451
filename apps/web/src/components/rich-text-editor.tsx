import '@mantine/tiptap/styles.css';
import { Input } from '@mantine/core';
import { Link, RichTextEditor as MantineRichTextEditor, type RichTextEditorLabels } from '@mantine/tiptap';
import { Subscript } from '@tiptap/extension-subscript';
import { Superscript } from '@tiptap/extension-superscript';
import { TableKit } from '@tiptap/extension-table';
import { useEditor, type Editor } from '@tiptap/react';
import { StarterKit } from '@tiptap/starter-kit';
import { IconColumnInsertRight, IconColumnRemove, IconRowInsertBottom, IconRowRemove, IconTable, IconTableOff, type Icon } from '@tabler/icons-react';
import { useEffect, useId, useLayoutEffect, useRef, type ReactNode } from 'react';
import { commonMessages as messages } from '../common/messages';

// The one rich-text editor of the app (posts now, the lead problem editor later): Mantine's
// Tiptap toolbar over the subset of HTML the server keeps (decision 128: sanitize-html on write) —
// text marks, sub/superscript, lists, links and tables for lab values. It pulls in Tiptap and
// ProseMirror, so only lazily loaded pages import it.

const t = messages.richText;

const labels: Partial<RichTextEditorLabels> = {
  boldControlLabel: t.bold,
  italicControlLabel: t.italic,
  underlineControlLabel: t.underline,
  strikeControlLabel: t.strike,
  subscriptControlLabel: t.subscript,
  superscriptControlLabel: t.superscript,
  bulletListControlLabel: t.bulletList,
  orderedListControlLabel: t.orderedList,
  linkControlLabel: t.link,
  unlinkControlLabel: t.unlink,
  clearFormattingControlLabel: t.clearFormatting,
  undoControlLabel: t.undo,
  redoControlLabel: t.redo,
  linkEditorInputLabel: t.linkInput,
  linkEditorInputPlaceholder: t.linkPlaceholder,
  linkEditorExternalLink: t.linkNewTab,
  linkEditorInternalLink: t.linkSameTab,
  linkEditorSave: t.linkSave,
};

const extensions = [
  // Headings h2–h4 only (the page owns the one h1); a pasted h1 becomes a paragraph.
  // StarterKit's own link is replaced by Mantine's, which adds Mod+K for the link editor.
  StarterKit.configure({ heading: { levels: [2, 3, 4] }, link: false }),
  Link.configure({ openOnClick: false, autolink: true, protocols: ['http', 'https', 'mailto'] }),
  Subscript,
  Superscript,
  TableKit.configure({ table: { resizable: false } }),
];

/** What the form keeps: '' for an empty document, so "required" checks see nothing typed. */
function htmlOf(editor: Editor): string {
  return editor.isEmpty ? '' : editor.getHTML();
}

function TableControl({
  editor,
  label,
  icon: IconComponent,
  run,
  enabled,
}: {
  editor: Editor | null;
  label: string;
  icon: Icon;
  run: (editor: Editor) => void;
  enabled: (editor: Editor) => boolean;
}) {
  const disabled = !editor || !enabled(editor);
  return (
    <MantineRichTextEditor.Control
      aria-label={label}
      title={label}
      disabled={disabled}
      onClick={() => {
        if (editor && !disabled) run(editor);
      }}
    >
      <IconComponent size={16} stroke={1.5} aria-hidden />
    </MantineRichTextEditor.Control>
  );
}

export interface RichTextEditorProps {
  /** HTML; '' for empty. */
  value: string;
  onChange: (html: string) => void;
  label: ReactNode;
  error?: ReactNode;
  description?: ReactNode;
  required?: boolean;
  /** Height of the writing area (a CSS length or px). Default 240 px. */
  minHeight?: number | string;
  id?: string;
}

export function RichTextEditor({ value, onChange, label, error, description, required, minHeight = 240, id }: RichTextEditorProps) {
  const generatedId = useId();
  const baseId = id ?? `rte-${generatedId.replace(/:/g, '')}`;
  const labelId = `${baseId}-label`;
  const errorId = `${baseId}-error`;
  const descriptionId = `${baseId}-description`;

  const onChangeRef = useRef(onChange);
  useLayoutEffect(() => {
    onChangeRef.current = onChange;
  });

  const editor = useEditor({
    extensions,
    content: value,
    // The toolbar shows the marks at the cursor: re-render on every transaction (a small editor).
    shouldRerenderOnTransaction: true,
    onUpdate: ({ editor: current }) => onChangeRef.current(htmlOf(current)),
  });

  // The content-editable element is the field: it takes the label, the error and the description.
  const describedBy = [error ? errorId : null, description ? descriptionId : null].filter(Boolean).join(' ');
  useEffect(() => {
    if (!editor) return;
    editor.setOptions({
      editorProps: {
        attributes: {
          role: 'textbox',
          'aria-multiline': 'true',
          'aria-labelledby': labelId,
          ...(describedBy ? { 'aria-describedby': describedBy } : {}),
          ...(error ? { 'aria-invalid': 'true' } : {}),
          ...(required ? { 'aria-required': 'true' } : {}),
          style: `min-height: ${typeof minHeight === 'number' ? `${minHeight}px` : minHeight}`,
        },
      },
    });
  }, [editor, labelId, describedBy, error, required, minHeight]);

  // A value set from outside (a loaded post, a reset form) replaces the document; the editor's
  // own updates come back equal and are left alone.
  useEffect(() => {
    if (editor && value !== htmlOf(editor)) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  return (
    <Input.Wrapper
      id={baseId}
      label={label}
      labelElement="div"
      labelProps={{ id: labelId, onClick: () => editor?.commands.focus() }}
      error={error}
      errorProps={{ id: errorId }}
      description={description}
      descriptionProps={{ id: descriptionId }}
      required={required}
    >
      <MantineRichTextEditor editor={editor} labels={labels} mt={4} style={error ? { borderColor: 'var(--mantine-color-error)' } : undefined}>
        <MantineRichTextEditor.Toolbar role="group" aria-label={t.toolbar}>
          <MantineRichTextEditor.ControlsGroup>
            <MantineRichTextEditor.Bold />
            <MantineRichTextEditor.Italic />
            <MantineRichTextEditor.Underline />
            <MantineRichTextEditor.Strikethrough />
            <MantineRichTextEditor.ClearFormatting />
          </MantineRichTextEditor.ControlsGroup>
          <MantineRichTextEditor.ControlsGroup>
            <MantineRichTextEditor.Subscript />
            <MantineRichTextEditor.Superscript />
          </MantineRichTextEditor.ControlsGroup>
          <MantineRichTextEditor.ControlsGroup>
            <MantineRichTextEditor.BulletList />
            <MantineRichTextEditor.OrderedList />
          </MantineRichTextEditor.ControlsGroup>
          <MantineRichTextEditor.ControlsGroup>
            <MantineRichTextEditor.Link />
            <MantineRichTextEditor.Unlink />
          </MantineRichTextEditor.ControlsGroup>
          <MantineRichTextEditor.ControlsGroup>
            <TableControl
              editor={editor}
              label={t.insertTable}
              icon={IconTable}
              enabled={(e) => !e.isActive('table')}
              run={(e) => e.chain().focus().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run()}
            />
            <TableControl
              editor={editor}
              label={t.addRow}
              icon={IconRowInsertBottom}
              enabled={(e) => e.can().addRowAfter()}
              run={(e) => e.chain().focus().addRowAfter().run()}
            />
            <TableControl
              editor={editor}
              label={t.addColumn}
              icon={IconColumnInsertRight}
              enabled={(e) => e.can().addColumnAfter()}
              run={(e) => e.chain().focus().addColumnAfter().run()}
            />
            <TableControl
              editor={editor}
              label={t.deleteRow}
              icon={IconRowRemove}
              enabled={(e) => e.can().deleteRow()}
              run={(e) => e.chain().focus().deleteRow().run()}
            />
            <TableControl
              editor={editor}
              label={t.deleteColumn}
              icon={IconColumnRemove}
              enabled={(e) => e.can().deleteColumn()}
              run={(e) => e.chain().focus().deleteColumn().run()}
            />
            <TableControl
              editor={editor}
              label={t.deleteTable}
              icon={IconTableOff}
              enabled={(e) => e.can().deleteTable()}
              run={(e) => e.chain().focus().deleteTable().run()}
            />
          </MantineRichTextEditor.ControlsGroup>
          <MantineRichTextEditor.ControlsGroup>
            <MantineRichTextEditor.Undo />
            <MantineRichTextEditor.Redo />
          </MantineRichTextEditor.ControlsGroup>
        </MantineRichTextEditor.Toolbar>
        <MantineRichTextEditor.Content />
      </MantineRichTextEditor>
    </Input.Wrapper>
  );
}
