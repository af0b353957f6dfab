import { Button, type ButtonProps } from '@mui/material';
import { useTranslate } from 'react-admin';

/**
 * A button that says what it does at every width. react-admin's Button keeps only its icon below
 * 600 px, so an action without one (a dialog's "Save", an order's move, "Log out") was an empty square
 * on a phone. `label` is a translation key, as react-admin's.
 */
export function TextButton({ label, ...props }: ButtonProps & { label: string }) {
  const translate = useTranslate();
  return <Button {...props}>{translate(label, { _: label })}</Button>;
}
