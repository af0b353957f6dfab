import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormHelperText,
  FormLabel,
  TextField,
} from '@mui/material';
import { safeUrl } from '@storefront/contracts/tenant-html';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { type FormEvent, useEffect, useId, useState } from 'react';
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
 * The link of the selection (or of the link the cursor is in): an address the storefront would follow,
 * by the rule the server cleans with. With nothing selected, the address itself is inserted as the link.
 */
function LinkDialog({ editor, onClose }: { editor: Editor; onClose: () => void }) {
  const translate = useTranslate();
  const current = editor.getAttributes('link').href as string | undefined;
  const [address, setAddress] = useState(current ?? '');
  const [invalid, setInvalid] = useState(false);
  const apply = (event: FormEvent) => {
    event.preventDefault();
    const href = safeUrl(address.trim());
    if (!href) return setInvalid(true);
    const chain = editor.chain().focus().extendMarkRange('link');
    if (editor.state.selection.empty && !current)
      chain.insertContent({ type: 'text', text: href, marks: [{ type: 'link', attrs: { href } }] }).run();
    else chain.setLink({ href }).run();
    onClose();
  };
  const remove = () => {
    editor.chain().focus().extendMarkRange('link').unsetLink().run();
    onClose();
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <form onSubmit={apply} noValidate>
        <DialogTitle>{translate('admin.content.link.title')}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            margin="dense"
            label={translate('admin.content.link.address')}
            value={address}
            onChange={(event) => {
              setAddress(event.target.value);
              setInvalid(false);
            }}
            error={invalid}
            helperText={translate(invalid ? 'admin.content.link.unsafe' : 'admin.content.link.help')}
            inputProps={{ inputMode: 'url' }}
          />
        </DialogContent>
        <DialogActions>
          {current && <Button onClick={remove}>{translate('admin.content.link.remove')}</Button>}
          <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
          <Button type="submit" variant="contained">
            {translate('admin.content.link.apply')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/**
 * A policy text edited as formatted text (Tiptap over ProseMirror): the form holds its HTML. Loaded with
 * its screen only (a lazy chunk), never with the site's entry.
 */
export function RichTextInput({ source, label }: { source: string; label: string }) {
  const translate = useTranslate();
  const { field } = useInput({ source });
  const labelId = useId();
  const [linking, setLinking] = useState(false);
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
      Object.fromEntries(
        [...TOOLS, { name: 'link', active: 'link' }].map((tool) => [
          tool.name,
          current?.isActive(tool.active) ?? false,
        ]),
      ),
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
      {/* Wraps on a phone rather than running past the screen's edge. */}
      <Box
        role="group"
        aria-label={translate('admin.content.tools')}
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, mb: 1 }}
      >
        {TOOLS.map((tool) => (
          <Button
            key={tool.name}
            size="small"
            aria-pressed={Boolean(active?.[tool.name])}
            variant={active?.[tool.name] ? 'contained' : 'outlined'}
            onClick={() => editor && tool.run(editor)}
          >
            {translate(`admin.content.tool.${tool.name}`)}
          </Button>
        ))}
        <Button
          size="small"
          aria-pressed={Boolean(active?.link)}
          variant={active?.link ? 'contained' : 'outlined'}
          onClick={() => setLinking(true)}
        >
          {translate('admin.content.tool.link')}
        </Button>
      </Box>
      {linking && editor && <LinkDialog editor={editor} onClose={() => setLinking(false)} />}
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
