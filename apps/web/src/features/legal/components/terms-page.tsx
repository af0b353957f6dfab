import { useAppRecord } from '../../../lib/app-context.tsx';
import { PolicyText } from './policy-text.tsx';

export function Component() {
  return <PolicyText page="terms" html={useAppRecord().site.terms_and_conditions} />;
}
