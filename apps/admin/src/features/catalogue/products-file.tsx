import DownloadIcon from '@mui/icons-material/Download';
import UploadIcon from '@mui/icons-material/Upload';
import {
  Alert,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useId, useState } from 'react';
import {
  Button,
  CreateButton,
  FilterButton,
  TopToolbar,
  useNotify,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { TextButton } from '../../app/text-button.tsx';
import { api, downloadFile, isApiError } from '../../lib/api.ts';
import { companyPath } from '../../lib/data-provider.ts';

// The products file (decision 022): export as CSV or XLSX, import one back with a report of the rows
// the API refused (nothing is imported then).

interface RowReport {
  row: number;
  errors: Record<string, string[]>;
}

function ExportButton({ format }: { format: 'csv' | 'xlsx' }) {
  const notify = useNotify();
  return (
    <Button
      label={`admin.products_file.export_${format}`}
      onClick={() =>
        downloadFile(
          `${companyPath('products', undefined, 'export')}?format=${format}`,
          `products.${format}`,
        ).catch((error: Error) => notify(error.message, { type: 'error' }))
      }
    >
      <DownloadIcon />
    </Button>
  );
}

function ImportDialog({ onClose }: { onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<{ message: string; rows: RowReport[] } | null>(null);

  const submit = async () => {
    if (!file) return;
    setBusy(true);
    setFailure(null);
    const form = new FormData();
    form.append('file', file);
    try {
      const { json } = await api<{ created: number; updated: number; unchanged: number }>(
        companyPath('products', undefined, 'import'),
        { method: 'POST', body: form },
      );
      notify('admin.products_file.done', { type: 'success', messageArgs: json });
      refresh();
      onClose();
    } catch (error) {
      const rows = isApiError(error) ? (error.body.raw?.rows as RowReport[] | undefined) : undefined;
      setFailure({ message: (error as Error).message, rows: rows ?? [] });
    } finally {
      setBusy(false);
    }
  };

  const fieldName = (field: string) => translate(`resources.products.fields.${field}`, { _: field });
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth aria-labelledby={`${inputId}-title`}>
      <DialogTitle id={`${inputId}-title`}>{translate('admin.products_file.title')}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" sx={{ mb: 2 }}>
          {translate('admin.products_file.help')}
        </Typography>
        <label htmlFor={inputId}>
          <Typography component="span" variant="body2" sx={{ mr: 1 }}>
            {translate('admin.products_file.file')}
          </Typography>
        </label>
        <input
          id={inputId}
          type="file"
          accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          onChange={(event) => {
            setFile(event.target.files?.[0] ?? null);
            setFailure(null);
          }}
        />
        {failure && (
          <Alert severity="error" sx={{ mt: 2 }} role="alert">
            {failure.message}
          </Alert>
        )}
        {failure && failure.rows.length > 0 && (
          <Table size="small" sx={{ mt: 2 }} aria-label={translate('admin.products_file.report')}>
            <TableHead>
              <TableRow>
                <TableCell>{translate('admin.products_file.row')}</TableCell>
                <TableCell>{translate('admin.products_file.field')}</TableCell>
                <TableCell>{translate('admin.products_file.problem')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {failure.rows.flatMap(({ row, errors }) =>
                Object.entries(errors).map(([field, messages]) => (
                  <TableRow key={`${row}-${field}`}>
                    <TableCell>{row}</TableCell>
                    <TableCell>{fieldName(field)}</TableCell>
                    <TableCell>{messages.join(' ')}</TableCell>
                  </TableRow>
                )),
              )}
            </TableBody>
          </Table>
        )}
      </DialogContent>
      <DialogActions>
        <TextButton label="ra.action.cancel" onClick={onClose} />
        <TextButton
          label="admin.products_file.import"
          variant="contained"
          disabled={!file || busy}
          onClick={submit}
          startIcon={<UploadIcon />}
        />
      </DialogActions>
    </Dialog>
  );
}

/** The products list's actions: filters, create, export (CSV, XLSX) and import. */
export function ProductListActions() {
  const [importing, setImporting] = useState(false);
  return (
    <TopToolbar>
      <FilterButton />
      <CreateButton />
      <ExportButton format="csv" />
      <ExportButton format="xlsx" />
      <Button label="admin.products_file.import" onClick={() => setImporting(true)}>
        <UploadIcon />
      </Button>
      {importing && <ImportDialog onClose={() => setImporting(false)} />}
    </TopToolbar>
  );
}
