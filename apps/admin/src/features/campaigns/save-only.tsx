import { SaveButton, Toolbar } from 'react-admin';

/** Saved, never deleted: a promotion's redemptions and a coupon's uses are history (dates or inactive end it). */
export function SaveOnly() {
  return (
    <Toolbar>
      <SaveButton />
    </Toolbar>
  );
}
