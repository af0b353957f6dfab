import { ApiError } from '../../lib/api-client.ts';

const FIELD_OF: Record<string, string> = {
  pickup_date: 'slot',
  start_time: 'slot',
  end_time: 'slot',
  'billing.first_name': 'first_name',
  'billing.last_name': 'last_name',
  'billing.email': 'email',
  'billing.phone': 'phone',
  'billing.city': 'city',
  'billing.address': 'billing_address',
  'user_data.email': 'email',
  'user_data.contact_number': 'phone',
};

/** A 400's server field names as the form's own (start_time is the slot, billing.city the city…). */
export function serverFieldErrors(error: unknown): unknown {
  if (!(error instanceof ApiError)) return error;
  const body = Object.fromEntries(
    Object.entries(error.body).map(([key, value]) => [FIELD_OF[key] ?? key, value]),
  );
  return new ApiError(error.status, body);
}
