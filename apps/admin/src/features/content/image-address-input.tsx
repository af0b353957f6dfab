import { Box, Button, FormHelperText, TextField } from '@mui/material';
import { useId, useState } from 'react';
import { useInput, useTranslate } from 'react-admin';
import { api, isApiError } from '../../lib/api.ts';
import { companyPath } from '../../lib/data-provider.ts';

/** The formats the API takes (it checks the bytes again). */
const ACCEPTED = 'image/jpeg,image/png,image/webp';

/**
 * A landing picture's address: typed (https://…) or filled by uploading a picture of the company's
 * (`POST images/`, the catalogue's upload), whose widest file becomes the address.
 */
export function ImageAddressInput({ source }: { source: string }) {
  const translate = useTranslate();
  const { field, fieldState } = useInput({
    source,
    validate: (value) => (value ? undefined : 'ra.validation.required'),
  });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const inputId = useId();
  const upload = async (file: File) => {
    setBusy(true);
    setError(null);
    const form = new FormData();
    form.append('file', file, file.name);
    try {
      const { json } = await api<{ urls: Record<string, string> }>(companyPath('images'), {
        method: 'POST',
        body: form,
      });
      const widest = Object.keys(json.urls).sort((a, b) => Number(b) - Number(a))[0];
      if (widest) field.onChange(json.urls[widest]);
    } catch (caught) {
      setError(isApiError(caught) ? caught.message : translate('ra.notification.http_error'));
    } finally {
      setBusy(false);
    }
  };
  const problem = fieldState.error?.message;
  return (
    <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
      {field.value && (
        <Box
          component="img"
          src={field.value}
          alt=""
          sx={{ width: 96, height: 64, objectFit: 'cover', borderRadius: 1 }}
        />
      )}
      <TextField
        {...field}
        value={field.value ?? ''}
        size="small"
        label={translate('resources.landing-sections.fields.image')}
        error={Boolean(problem)}
        helperText={problem ? translate(problem) : 'https://…'}
        sx={{ minWidth: 280 }}
      />
      <Button component="label" htmlFor={inputId} variant="outlined" size="small" disabled={busy}>
        {translate('admin.landing.upload')}
        <input
          id={inputId}
          type="file"
          accept={ACCEPTED}
          hidden
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) void upload(file);
            event.target.value = '';
          }}
        />
      </Button>
      {error && <FormHelperText error>{error}</FormHelperText>}
    </Box>
  );
}
