import { Box, Button, ButtonGroup, FormHelperText, FormLabel } from '@mui/material';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useId } from 'react';
import { useInput, useTranslate } from 'react-admin';

/** The marks and blocks the toolbar offers; the server keeps only what the storefront may render. */
const TOOLS = [
  { name: 'bold', run: (e: Editor) => e.chain().focus().toggleBold().run(), active: 'bold' },
  { name: 'italic', run: (e: Editor) => e.chain().focus().toggleItalic().run(), active: 'italic' },
  {
    name: 'heading',
    run: (e: Editor) => e.chain().focus().toggleHeading({ level: 2 }).run(),
    active: 'heading',
  },
  { name: 'bullets', run: (e: Editor) => e.chain().focus().toggleBulletList().run(), active: 'bulletList' },
  { name: 'numbers', run: (e: Editor) => e.chain().focus().toggleOrderedList().run(), active: 'orderedList' },
] as const;
type Editor = NonNullable<ReturnType<typeof useEditor>>;

/**
 * A policy text edited as formatted text (Tiptap over ProseMirror): the form holds its HTML. Loaded with
 * its screen only (a lazy chunk), never with the site's entry.
 */
export function RichTextInput({ source, label }: { source: string; label: string }) {
  const translate = useTranslate();
  const { field } = useInput({ source });
  const labelId = useId();
  const editor = useEditor({
    extensions: [StarterKit.configure({ link: { openOnClick: false } })],
    content: field.value ?? '',
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        class: 'rich-text',
      },
    },
    onUpdate: ({ editor: current }) => field.onChange(current.isEmpty ? '' : current.getHTML()),
  });
  const active = useEditorState({
    editor,
    selector: ({ editor: current }) =>
      Object.fromEntries(TOOLS.map((tool) => [tool.name, current?.isActive(tool.active) ?? false])),
  });
  // The saved text comes back cleaned by the server: the editor shows it unless the user is typing.
  useEffect(() => {
    const value = field.value ?? '';
    if (editor && !editor.isFocused && value !== (editor.isEmpty ? '' : editor.getHTML()))
      editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, field.value]);
  return (
    <Box sx={{ mb: 3, width: '100%', maxWidth: 880 }}>
      <FormLabel id={labelId} component="h2" sx={{ display: 'block', mb: 1, fontWeight: 600 }}>
        {translate(label)}
      </FormLabel>
      <ButtonGroup
        size="small"
        variant="outlined"
        aria-label={translate('admin.content.tools')}
        sx={{ mb: 1 }}
      >
        {TOOLS.map((tool) => (
          <Button
            key={tool.name}
            aria-pressed={Boolean(active?.[tool.name])}
            variant={active?.[tool.name] ? 'contained' : 'outlined'}
            onClick={() => editor && tool.run(editor)}
          >
            {translate(`admin.content.tool.${tool.name}`)}
          </Button>
        ))}
      </ButtonGroup>
      <Box
        sx={{
          border: '1px solid #0004',
          borderRadius: 1,
          px: 2,
          '& .rich-text': { minHeight: 160, outline: 'none' },
          '&:focus-within': { borderColor: 'primary.main', boxShadow: '0 0 0 1px currentColor' },
        }}
      >
        <EditorContent editor={editor} />
      </Box>
      <FormHelperText>{translate('admin.content.cleaned')}</FormHelperText>
    </Box>
  );
}
