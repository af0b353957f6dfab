import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { Box, Button, IconButton, Typography } from '@mui/material';
import { LANDING_SECTION_SHAPES } from '@storefront/contracts/admin-content';
import { LANDING_SECTION_TYPES, SPATIAL_POSITIONS } from '@storefront/contracts/content';
import { useState } from 'react';
import {
  ArrayInput,
  BooleanField,
  BooleanInput,
  Create,
  DataTable,
  Edit,
  FormDataConsumer,
  List,
  required,
  SelectInput,
  SimpleForm,
  SimpleFormIterator,
  TextInput,
  useGetOne,
  useListContext,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { FormRow } from '../../app/form-row.tsx';
import { api } from '../../lib/api.ts';
import { companyPath } from '../../lib/data-provider.ts';
import { ImageAddressInput } from './image-address-input.tsx';

type SectionType = (typeof LANDING_SECTION_TYPES)[number];
/** Inputs inside the lists (buttons, cards, pictures) name their own label: their source is nested. */
const F = 'resources.landing-sections.fields';

/** The keys a section of `type` holds (contracts: the API refuses the others). */
const fieldsOf = (type: SectionType | undefined) =>
  new Set(type ? Object.keys(LANDING_SECTION_SHAPES[type]) : []);

/** What a save sends: the type's own fields (a form keeps the values of fields it no longer shows). */
function forType(data: Record<string, unknown>) {
  const keep = fieldsOf(data.type as SectionType);
  return Object.fromEntries(
    Object.entries(data).filter(([key]) => keep.has(key) || ['type', 'position', 'id', 'uid'].includes(key)),
  );
}

// A label or text left empty stays "" (the API's texts are never null).
const asText = (value: string | null) => value ?? '';
const plain = (html: unknown) => String(html ?? '').replace(/<[^>]*>/g, '');

/** ↑ and ↓: the section changes places with its neighbour (`move/`, under the server's lock). */
function MoveButtons() {
  const record = useRecordContext();
  const { total } = useListContext();
  const translate = useTranslate();
  const refresh = useRefresh();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  if (!record) return null;
  const move = async (position: number) => {
    setBusy(true);
    try {
      await api(companyPath('landing-sections', record.id, 'move'), { method: 'POST', body: { position } });
      refresh();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  const name = { name: plain(record.tittle) || translate(`admin.landing.types.${record.type}`) };
  return (
    <Box sx={{ display: 'flex' }} onClick={(event) => event.stopPropagation()}>
      <IconButton
        size="small"
        disabled={busy || record.position === 0}
        aria-label={translate('admin.landing.move_up', name)}
        onClick={() => move(record.position - 1)}
      >
        <ArrowUpwardIcon fontSize="small" />
      </IconButton>
      <IconButton
        size="small"
        disabled={busy || record.position >= (total ?? 0) - 1}
        aria-label={translate('admin.landing.move_down', name)}
        onClick={() => move(record.position + 1)}
      >
        <ArrowDownwardIcon fontSize="small" />
      </IconButton>
    </Box>
  );
}

/**
 * The landing as visitors see it: the storefront's own page, opened in a new tab at `/landing?preview`
 * (shown even while the landing is off). Not framed here: a frame of another site gets no storage in
 * today's browsers, and the storefront needs it (decision 024).
 */
function LandingPreview() {
  const translate = useTranslate();
  const { data: site } = useGetOne('site-content', { id: 'site-content' });
  if (!site?.storefront_url) return null;
  return (
    <Box component="section" aria-labelledby="landing-preview-title" sx={{ p: 2 }}>
      <Typography id="landing-preview-title" component="h2" variant="h6">
        {translate('admin.landing.preview')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate(site.landing_page ? 'admin.landing.preview_on' : 'admin.landing.preview_off')}
      </Typography>
      <Button
        variant="outlined"
        href={`${site.storefront_url}/landing?preview`}
        target="_blank"
        rel="noopener"
        endIcon={<OpenInNewIcon />}
      >
        {translate('admin.landing.open_preview')}
      </Button>
    </Box>
  );
}

/** The app's landing sections in the landing's order, with their moves and the landing's preview. */
export function LandingSectionList() {
  const translate = useTranslate();
  return (
    <List sort={{ field: 'position', order: 'ASC' }} perPage={100} pagination={false} exporter={false}>
      <DataTable rowClick="edit" bulkActionButtons={false}>
        <DataTable.Col source="position" disableSort render={(r) => r.position + 1} />
        <DataTable.Col source="type" disableSort render={(r) => translate(`admin.landing.types.${r.type}`)} />
        <DataTable.Col source="tittle" disableSort render={(r) => plain(r.tittle)} />
        <DataTable.Col source="is_active" disableSort field={BooleanField} />
        <DataTable.Col label="admin.landing.order" disableSort>
          <MoveButtons />
        </DataTable.Col>
      </DataTable>
      <LandingPreview />
    </List>
  );
}

function ButtonsInput({ source }: { source: string }) {
  return (
    <ArrayInput source={source} label={`${F}.buttons`}>
      <SimpleFormIterator inline disableReordering>
        <TextInput source="tittle" label={`${F}.tittle`} parse={asText} helperText={false} />
        <TextInput source="link" label={`${F}.target`} validate={required()} helperText="https://… /carta" />
      </SimpleFormIterator>
    </ArrayInput>
  );
}

function ImagesInput({ source }: { source: string }) {
  return (
    <ArrayInput source={source} label={`${F}.images`}>
      <SimpleFormIterator disableReordering>
        <ImageAddressInput source="image" />
        <FormRow>
          <TextInput source="link" label={`${F}.target`} helperText={false} />
          <SelectInput
            source="spatial_position"
            label={`${F}.spatial_position`}
            choices={SPATIAL_POSITIONS.map((id) => ({ id, name: `admin.landing.sides.${id}` }))}
            defaultValue="LEFT"
            helperText={false}
          />
          <BooleanInput source="is_active" label={`${F}.is_active`} defaultValue helperText={false} />
        </FormRow>
      </SimpleFormIterator>
    </ArrayInput>
  );
}

/** The inputs of the section's type only (spec §3), with what the landing shows of each. */
function SectionFields({ creating }: { creating?: boolean }) {
  const translate = useTranslate();
  return (
    <Box sx={{ width: '100%', maxWidth: 880 }}>
      <FormRow>
        <SelectInput
          source="type"
          choices={LANDING_SECTION_TYPES.map((id) => ({ id, name: `admin.landing.types.${id}` }))}
          validate={required()}
          disabled={!creating}
        />
        <BooleanInput source="is_active" />
      </FormRow>
      <FormDataConsumer>
        {({ formData }) => {
          const fields = fieldsOf(formData.type);
          if (!formData.type) return null;
          return (
            <>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
                {translate(`admin.landing.help.${formData.type}`)}
              </Typography>
              <TextInput source="tittle" parse={asText} helperText="admin.landing.html_help" />
              {fields.has('content') && (
                <TextInput
                  source="content"
                  parse={asText}
                  multiline
                  minRows={3}
                  helperText="admin.landing.html_help"
                />
              )}
              {fields.has('link') && <TextInput source="link" validate={required()} helperText="https://…" />}
              {fields.has('buttons') && <ButtonsInput source="buttons" />}
              {fields.has('images') && <ImagesInput source="images" />}
              {fields.has('cards') && (
                <ArrayInput source="cards">
                  <SimpleFormIterator disableReordering>
                    <FormRow>
                      <TextInput source="tittle" label={`${F}.tittle`} parse={asText} helperText={false} />
                      <TextInput
                        source="subtittle"
                        label={`${F}.subtittle`}
                        parse={asText}
                        helperText={false}
                      />
                      {formData.type === 'CARD' && (
                        <TextInput source="color" label={`${F}.color`} helperText="#C2410C" />
                      )}
                      <BooleanInput
                        source="is_active"
                        label={`${F}.is_active`}
                        defaultValue
                        helperText={false}
                      />
                    </FormRow>
                    <TextInput
                      source="content"
                      label={`${F}.content`}
                      parse={asText}
                      multiline
                      helperText={false}
                    />
                    <ImagesInput source="images" />
                    <ButtonsInput source="buttons" />
                  </SimpleFormIterator>
                </ArrayInput>
              )}
            </>
          );
        }}
      </FormDataConsumer>
    </Box>
  );
}

export function LandingSectionEdit() {
  return (
    <Edit mutationMode="pessimistic" transform={forType}>
      <SimpleForm warnWhenUnsavedChanges>
        <SectionFields />
      </SimpleForm>
    </Edit>
  );
}

export function LandingSectionCreate() {
  return (
    <Create redirect="list" transform={forType}>
      <SimpleForm defaultValues={{ is_active: true, tittle: '', content: '' }}>
        <SectionFields creating />
      </SimpleForm>
    </Create>
  );
}
