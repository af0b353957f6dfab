import { Box, Card, CardContent, Chip, Typography } from '@mui/material';
import {
  AutocompleteArrayInput,
  BooleanField,
  BooleanInput,
  Create,
  DataTable,
  DateField,
  DateTimeInput,
  Edit,
  FormDataConsumer,
  List,
  NullableBooleanInput,
  NumberInput,
  ReferenceArrayInput,
  required,
  SearchInput,
  SelectArrayInput,
  SimpleForm,
  TextInput,
  useLocaleState,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { FormRow } from '../../app/form-row.tsx';
import { toInstant } from '../../lib/instant.ts';
import { PictureInput } from '../catalogue/picture-input.tsx';
import { ProgramInput } from './program-input.tsx';
import { usePrograms, useProgramsQuery } from './programs.ts';
import { SaveOnly } from './save-only.tsx';

function useFilters() {
  return [
    <SearchInput key="q" source="q" alwaysOn />,
    <ProgramInput key="program" source="program" alwaysOn />,
    <NullableBooleanInput key="active" source="active" alwaysOn />,
    <NullableBooleanInput key="tagged" source="tagged" />,
  ];
}

/** The company's promotions: search, program, usable now, featured; stock left and units taken. */
export function PromotionList() {
  return (
    <List filters={useFilters()} sort={{ field: 'position', order: 'ASC' }} perPage={25} exporter={false}>
      <DataTable rowClick="edit" bulkActionButtons={false}>
        <DataTable.Col source="title" />
        <DataTable.Col source="rate_discount" align="right" disableSort />
        <DataTable.Col source="coin_price" align="right" />
        <DataTable.Col source="stock" align="right" disableSort render={(r) => r.stock ?? '∞'} />
        <DataTable.Col source="used" align="right" disableSort />
        <DataTable.Col source="valid_until" field={DateField} />
        <DataTable.Col source="tagged" disableSort field={BooleanField} />
      </DataTable>
    </List>
  );
}

interface PreviewData {
  title?: string;
  image?: string | null;
  image_upload?: { src?: string } | null;
  rate_discount?: number | null;
  coin_price?: number | null;
  tagged?: boolean;
  valid_until?: string | Date | null;
  total_stock?: number | null;
  used?: number;
}

/**
 * The promotion as a member sees its card on the program page (the storefront's promotion card: picture,
 * "featured" tag, title, discount, coin price or free, end date, units left), from the form as it is.
 */
export function PromotionPreview({ promotion }: { promotion: PreviewData }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const picture = promotion.image_upload?.src ?? promotion.image;
  const coins = promotion.coin_price ?? 0;
  const left =
    promotion.total_stock === null || promotion.total_stock === undefined
      ? null
      : Math.max(promotion.total_stock - (promotion.used ?? 0), 0);
  const until = promotion.valid_until ? new Date(promotion.valid_until) : null;
  return (
    <Box component="section" aria-labelledby="promotion-preview-title" sx={{ width: 320, maxWidth: '100%' }}>
      <Typography id="promotion-preview-title" component="h2" variant="subtitle1" sx={{ mb: 1 }}>
        {translate('admin.promotions.preview')}
      </Typography>
      <Card variant="outlined" data-testid="promotion-preview" sx={{ position: 'relative' }}>
        <CardContent sx={{ display: 'grid', gap: 1 }}>
          {picture && (
            <Box
              component="img"
              src={picture}
              alt=""
              sx={{ width: '100%', aspectRatio: '2 / 1', objectFit: 'cover', borderRadius: 2 }}
            />
          )}
          {promotion.tagged && (
            <Chip
              label={translate('admin.promotions.card.featured')}
              color="primary"
              size="small"
              sx={{ justifySelf: 'start' }}
            />
          )}
          <Typography component="p" variant="h6">
            {promotion.title || translate('admin.promotions.card.untitled')}
          </Typography>
          <Typography component="p" color="primary">
            {translate('admin.promotions.card.discount', { rate: promotion.rate_discount ?? 0 })}{' '}
            <Box component="span" sx={{ color: 'text.secondary' }}>
              {coins > 0
                ? translate('admin.promotions.card.coins', { coins })
                : translate('admin.promotions.card.free')}
            </Box>
          </Typography>
          {until && !Number.isNaN(until.getTime()) && (
            <Typography component="p" variant="body2" color="text.secondary">
              {translate('admin.promotions.card.valid_until', {
                date: new Intl.DateTimeFormat(locale === 'en' ? 'en-US' : 'es-PE', {
                  dateStyle: 'medium',
                }).format(until),
              })}
            </Typography>
          )}
          {left !== null && (
            <Typography component="p" variant="body2">
              {translate('admin.promotions.card.stock', { stock: left })}
            </Typography>
          )}
        </CardContent>
      </Card>
    </Box>
  );
}

/** Levels of the promotion's program (empty: every level). */
function LevelsInput() {
  const programs = usePrograms();
  return (
    <FormDataConsumer>
      {({ formData }) => {
        const program = programs.find((p) => p.uid === formData.program);
        return (
          <SelectArrayInput
            source="levels"
            choices={(program?.levels ?? []).map((level) => ({ id: level.uid, name: level.name }))}
            helperText="admin.promotions.levels_help"
          />
        );
      }}
    </FormDataConsumer>
  );
}

function StockHelp() {
  const record = useRecordContext();
  const translate = useTranslate();
  return (
    <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
      {translate('admin.promotions.stock_help', { used: record?.used ?? 0 })}
    </Typography>
  );
}

function PromotionFields({ creating }: { creating?: boolean }) {
  return (
    <Box sx={{ display: 'flex', gap: 4, flexWrap: 'wrap', width: '100%', alignItems: 'flex-start' }}>
      <Box sx={{ flex: '1 1 480px', maxWidth: 760 }}>
        <ProgramInput source="program" validate={required()} disabled={!creating} />
        <TextInput source="title" validate={required()} />
        <TextInput source="description" multiline minRows={2} />
        <PictureInput />
        <FormRow>
          <NumberInput source="rate_discount" min={0} max={100} step={1} />
          <NumberInput source="coin_price" min={0} step={1} />
          <BooleanInput source="tagged" />
        </FormRow>
        <FormRow>
          <DateTimeInput source="valid_from" parse={toInstant} />
          <DateTimeInput source="valid_until" parse={toInstant} />
        </FormRow>
        <FormRow>
          <NumberInput source="total_stock" min={0} step={1} helperText="admin.promotions.total_stock_help" />
          <NumberInput source="per_member_limit" min={1} step={1} helperText="admin.promotions.limit_help" />
          <NumberInput source="position" min={0} step={1} />
        </FormRow>
        {!creating && <StockHelp />}
        <LevelsInput />
        <ReferenceArrayInput source="places" reference="places" sort={{ field: 'name', order: 'ASC' }}>
          <AutocompleteArrayInput optionText="name" helperText="admin.promotions.places_help" />
        </ReferenceArrayInput>
      </Box>
      <FormDataConsumer>{({ formData }) => <PromotionPreview promotion={formData} />}</FormDataConsumer>
    </Box>
  );
}

export function PromotionEdit() {
  return (
    <Edit mutationMode="pessimistic">
      <SimpleForm warnWhenUnsavedChanges toolbar={<SaveOnly />}>
        <PromotionFields />
      </SimpleForm>
    </Edit>
  );
}

/** A company without a benefit program has nowhere to put a promotion. */
export function NoProgram() {
  const translate = useTranslate();
  return (
    <Typography role="status" sx={{ p: 3 }}>
      {translate('admin.promotions.no_program')}
    </Typography>
  );
}

export function PromotionCreate() {
  const { data: programs } = useProgramsQuery();
  if (!programs) return null;
  if (programs.length === 0) return <NoProgram />;
  return (
    <Create redirect="edit">
      <SimpleForm
        defaultValues={{
          program: programs[0]?.uid,
          rate_discount: 0,
          coin_price: 0,
          tagged: false,
          total_stock: null,
          per_member_limit: null,
          levels: [],
          places: [],
        }}
      >
        <PromotionFields creating />
      </SimpleForm>
    </Create>
  );
}
