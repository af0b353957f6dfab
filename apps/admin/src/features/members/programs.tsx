import { levelsInOrder } from '@storefront/contracts/admin-members';
import {
  ArrayInput,
  BooleanInput,
  DataTable,
  Edit,
  List,
  minValue,
  NumberInput,
  number,
  required,
  SaveButton,
  SimpleForm,
  SimpleFormIterator,
  TextInput,
  Toolbar,
  useTranslate,
} from 'react-admin';

/** The company's benefit programs. */
export function ProgramList() {
  return (
    <List pagination={false} exporter={false} sort={{ field: 'id', order: 'ASC' }}>
      <DataTable rowClick="edit" bulkActionButtons={false}>
        <DataTable.Col source="name" disableSort />
        <DataTable.Col source="stamps_required" disableSort />
        <DataTable.Col source="coins_per_sol" disableSort />
        <DataTable.Col source="points_per_sol" disableSort />
        <DataTable.Col
          source="levels"
          disableSort
          render={(record) => record.levels.map((l: { name: string }) => l.name).join(', ')}
        />
      </DataTable>
    </List>
  );
}

const whole = [number(), minValue(0)];

/** The server's own rule (contracts), so the form says it beside the levels before saving. */
const levelsValidator = (levels: unknown) =>
  Array.isArray(levels) && !levelsInOrder(levels) ? 'admin.programs.levels_order' : undefined;

/** Programs are not deleted here: the toolbar only saves. */
function SaveOnly() {
  return (
    <Toolbar>
      <SaveButton />
    </Toolbar>
  );
}

/**
 * A program's rules. They apply to what is earned from now on: the ledger keeps what was written.
 * Levels go from fewer to more points (the server checks it and names the field).
 */
export function ProgramEdit() {
  const translate = useTranslate();
  return (
    <Edit mutationMode="pessimistic">
      <SimpleForm toolbar={<SaveOnly />}>
        <TextInput source="name" validate={required()} />
        <NumberInput source="stamps_required" validate={whole} step={1} />
        <TextInput source="stamp_reward" />
        <NumberInput
          source="coins_per_sol"
          validate={whole}
          step={1}
          helperText={translate('admin.programs.from_now_on')}
        />
        <NumberInput
          source="coin_expiry_days"
          validate={whole}
          step={1}
          helperText={translate('admin.programs.expiry_help')}
        />
        <NumberInput
          source="points_per_sol"
          validate={whole}
          step={1}
          helperText={translate('admin.programs.from_now_on')}
        />
        <NumberInput
          source="point_expiry_days"
          validate={whole}
          step={1}
          helperText={translate('admin.programs.expiry_help')}
        />
        <BooleanInput
          source="allows_manual_points"
          helperText={translate('admin.programs.manual_points_help')}
        />
        <ArrayInput
          source="levels"
          validate={levelsValidator}
          helperText={translate('admin.programs.levels_help')}
        >
          <SimpleFormIterator inline disableReordering>
            <TextInput source="name" label="admin.programs.level_name" validate={required()} />
            <NumberInput
              source="min_points"
              label="admin.programs.level_points"
              validate={[required(), ...whole]}
              step={1}
            />
          </SimpleFormIterator>
        </ArrayInput>
      </SimpleForm>
    </Edit>
  );
}
