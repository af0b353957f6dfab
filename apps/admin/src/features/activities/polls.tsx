import BarChartIcon from '@mui/icons-material/BarChart';
import { Alert } from '@mui/material';
import {
  ArrayInput,
  Create,
  DataTable,
  DateField,
  DateTimeInput,
  Edit,
  FormDataConsumer,
  List,
  NumberInput,
  required,
  SearchInput,
  SelectInput,
  ShowButton,
  SimpleForm,
  SimpleFormIterator,
  TextInput,
  TopToolbar,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { FormRow } from '../../app/form-row.tsx';
import { toInstant } from '../../lib/instant.ts';
import { ProgramInput } from '../campaigns/program-input.tsx';
import { useProgramsQuery } from '../campaigns/programs.ts';
import { NoProgram } from '../campaigns/promotions.tsx';
import { SaveOnly } from '../campaigns/save-only.tsx';
import { PictureInput } from '../catalogue/picture-input.tsx';

function useFilters() {
  return [
    <SearchInput key="q" source="q" alwaysOn />,
    <ProgramInput key="program" source="program" alwaysOn />,
  ];
}

/** The programs' polls with how many members answered; a row opens its questions, the results beside. */
export function PollList() {
  return (
    <List filters={useFilters()} sort={{ field: 'position', order: 'ASC' }} perPage={25} exporter={false}>
      <DataTable rowClick="edit" bulkActionButtons={false}>
        <DataTable.Col source="title" />
        <DataTable.Col source="valid_until" field={DateField} />
        <DataTable.Col source="responses" align="right" disableSort />
        <DataTable.Col source="position" align="right" />
      </DataTable>
    </List>
  );
}

function useTypeChoices() {
  const translate = useTranslate();
  return ['CHOICE', 'TEXT'].map((id) => ({ id, name: translate(`admin.polls.types.${id}`) }));
}

/** Once members answered, the server takes only corrections of texts: said before the admin tries. */
function AnsweredNotice() {
  const record = useRecordContext();
  const translate = useTranslate();
  if (!record?.responses) return null;
  return (
    <Alert severity="info" sx={{ mb: 2 }}>
      {translate('admin.polls.answered', { smart_count: record.responses })}
    </Alert>
  );
}

function PollFields({ creating }: { creating?: boolean }) {
  const types = useTypeChoices();
  return (
    <>
      <AnsweredNotice />
      <ProgramInput source="program" validate={required()} disabled={!creating} />
      <TextInput source="title" validate={required()} />
      <TextInput source="description" multiline minRows={2} />
      <PictureInput />
      <FormRow>
        <DateTimeInput source="valid_until" parse={toInstant} />
        <NumberInput source="position" min={0} step={1} />
      </FormRow>
      <ArrayInput source="questions" validate={required()}>
        <SimpleFormIterator inline={false}>
          <FormRow>
            <TextInput source="text" label="admin.polls.question" validate={required()} helperText={false} />
            <SelectInput
              source="type"
              label="admin.polls.type"
              choices={types}
              validate={required()}
              defaultValue="CHOICE"
              helperText={false}
            />
          </FormRow>
          <FormDataConsumer>
            {({ scopedFormData }) =>
              scopedFormData?.type === 'TEXT' ? null : (
                <ArrayInput source="options" label="admin.polls.options">
                  <SimpleFormIterator inline>
                    <TextInput
                      source="text"
                      label="admin.polls.option"
                      validate={required()}
                      helperText={false}
                    />
                  </SimpleFormIterator>
                </ArrayInput>
              )
            }
          </FormDataConsumer>
        </SimpleFormIterator>
      </ArrayInput>
    </>
  );
}

function EditActions() {
  return (
    <TopToolbar>
      <ShowButton label="admin.polls.results" icon={<BarChartIcon />} />
    </TopToolbar>
  );
}

export function PollEdit() {
  return (
    <Edit mutationMode="pessimistic" actions={<EditActions />}>
      <SimpleForm warnWhenUnsavedChanges toolbar={<SaveOnly />}>
        <PollFields />
      </SimpleForm>
    </Edit>
  );
}

export function PollCreate() {
  const { data: programs } = useProgramsQuery();
  if (!programs) return null;
  if (programs.length === 0) return <NoProgram />;
  return (
    <Create redirect="edit">
      <SimpleForm
        defaultValues={{
          program: programs[0]?.uid,
          questions: [{ text: '', type: 'CHOICE', options: [{ text: '' }, { text: '' }] }],
        }}
      >
        <PollFields creating />
      </SimpleForm>
    </Create>
  );
}
