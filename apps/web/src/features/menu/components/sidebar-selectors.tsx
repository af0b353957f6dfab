import { useCompany } from '../../../lib/app-context.tsx';
import '../i18n.ts';
import './menu.css';
import { CitySelector } from './city-selector.tsx';
import { PlaceSelector } from './place-selector.tsx';

/** The sidebar's city selector, and its place selector on small screens (spec §2 Sidebar). */
export default function SidebarSelectors() {
  const company = useCompany();
  return (
    <div className="sidebar-selectors">
      <CitySelector company={company} />
      <div className="small-screen-only">
        <PlaceSelector companyUid={company.uid} />
      </div>
    </div>
  );
}
