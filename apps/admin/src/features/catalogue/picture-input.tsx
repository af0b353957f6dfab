import { ImageField, ImageInput, Labeled, useRecordContext, useTranslate } from 'react-admin';
import { IMAGE_UPLOAD_FIELD } from '../../lib/data-provider.ts';

/** The formats and size the API takes (the server checks the bytes again). */
const ACCEPTED = { 'image/jpeg': [], 'image/png': [], 'image/webp': [] };
const MAX_BYTES = 10 * 1024 * 1024;

/**
 * The object's picture: the current one, and a drop zone for a new JPEG, PNG or WebP of up to 10 MB,
 * uploaded when the form is saved (lib/data-provider.ts). `source` is the current picture's address,
 * `upload` the field of a new one, and `label` names them (the settings' logo and banner).
 */
export function PictureInput({
  source = 'image',
  upload = IMAGE_UPLOAD_FIELD,
  label = 'admin.picture',
}: {
  source?: string;
  upload?: string;
  label?: string;
}) {
  const translate = useTranslate();
  const record = useRecordContext();
  return (
    <>
      {/* Inside a form a field has no label of its own: Labeled gives the picture its caption. */}
      {record?.[source] && (
        <Labeled label={`${label}.current`}>
          <ImageField
            source={source}
            title={translate(`${label}.current`)}
            sx={{ '& img': { maxHeight: 120, objectFit: 'contain', m: 0 } }}
          />
        </Labeled>
      )}
      <ImageInput
        source={upload}
        label={`${label}.new`}
        accept={ACCEPTED}
        maxSize={MAX_BYTES}
        helperText="admin.picture.help"
        // The drop zone's file input is hidden and not tied to the label: it is named itself (axe).
        inputProps={{ 'aria-label': translate(`${label}.new`) }}
      >
        <ImageField source="src" title="title" />
      </ImageInput>
    </>
  );
}
