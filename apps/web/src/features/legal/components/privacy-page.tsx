import { useAppRecord } from '../../../lib/app-context.tsx';
import { PolicyText } from './policy-text.tsx';

export function Component() {
  return <PolicyText page="privacy" html={useAppRecord().site.privacy_policies} />;
}
