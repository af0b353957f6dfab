import { useAppRecord } from '../../../lib/app-context.tsx';
import { addTranslations } from '../../../lib/i18n.ts';
import en from '../locales/en.json';
import es from '../locales/es.json';
import { CommunityLanding } from './community-landing.tsx';
import { DefaultLanding } from './default-landing.tsx';
import './landing.css';
import { Model2Landing } from './model2-landing.tsx';

addTranslations('landing', { es, en });

/** /landing: the variant the app chose in landing_page_type. */
export function Component() {
  const { landing_page_type: type } = useAppRecord();
  if (type === 'MODEL_2') return <Model2Landing />;
  if (type === 'MARKET' || type === 'MUNICIPAL') return <CommunityLanding kind={type} />;
  return <DefaultLanding />;
}
