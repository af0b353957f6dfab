import ArticleIcon from '@mui/icons-material/Article';
import CampaignIcon from '@mui/icons-material/Campaign';
import CardGiftcardIcon from '@mui/icons-material/CardGiftcard';
import CardMembershipIcon from '@mui/icons-material/CardMembership';
import CategoryIcon from '@mui/icons-material/Category';
import ConfirmationNumberIcon from '@mui/icons-material/ConfirmationNumber';
import DnsIcon from '@mui/icons-material/Dns';
import EmojiEventsIcon from '@mui/icons-material/EmojiEvents';
import EventIcon from '@mui/icons-material/Event';
import HistoryIcon from '@mui/icons-material/History';
import InsightsIcon from '@mui/icons-material/Insights';
import InventoryIcon from '@mui/icons-material/Inventory';
import LocalOfferIcon from '@mui/icons-material/LocalOffer';
import LocationCityIcon from '@mui/icons-material/LocationCity';
import LoyaltyIcon from '@mui/icons-material/Loyalty';
import PaymentsIcon from '@mui/icons-material/Payments';
import PeopleIcon from '@mui/icons-material/People';
import PollIcon from '@mui/icons-material/Poll';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import RestaurantMenuIcon from '@mui/icons-material/RestaurantMenu';
import SettingsIcon from '@mui/icons-material/Settings';
import StoreIcon from '@mui/icons-material/Store';
import ViewQuiltIcon from '@mui/icons-material/ViewQuilt';
import { lazy } from 'react';
import { Admin, CustomRoutes, Resource } from 'react-admin';
import { Route } from 'react-router-dom';
import { CompanyPicker } from '../features/session/company-picker.tsx';
import { LoginPage } from '../features/session/login-page.tsx';
import { authProvider } from '../lib/auth-provider.ts';
import { dataProvider } from '../lib/data-provider.ts';
import { i18nProvider } from '../lib/i18n-provider.ts';
import { AccessDenied } from './access-denied.tsx';
import { AdminLayout } from './admin-layout.tsx';
import { theme } from './theme.ts';

// Each screen is its own chunk: the first screen (sign-in) loads the framework only (decision 021-admin-framework).
const CategoryList = lazy(() =>
  import('../features/catalogue/categories.tsx').then((m) => ({ default: m.CategoryList })),
);
const CategoryEdit = lazy(() =>
  import('../features/catalogue/categories.tsx').then((m) => ({ default: m.CategoryEdit })),
);
const CategoryCreate = lazy(() =>
  import('../features/catalogue/categories.tsx').then((m) => ({ default: m.CategoryCreate })),
);
const ProductList = lazy(() =>
  import('../features/catalogue/products.tsx').then((m) => ({ default: m.ProductList })),
);
const ProductEdit = lazy(() =>
  import('../features/catalogue/products.tsx').then((m) => ({ default: m.ProductEdit })),
);
const ProductCreate = lazy(() =>
  import('../features/catalogue/products.tsx').then((m) => ({ default: m.ProductCreate })),
);
const AvailabilityList = lazy(() =>
  import('../features/availability/availability-list.tsx').then((m) => ({ default: m.AvailabilityList })),
);
const AvailabilityCreate = lazy(() =>
  import('../features/availability/availability-create.tsx').then((m) => ({ default: m.AvailabilityCreate })),
);
const PlaceList = lazy(() => import('../features/places/places.tsx').then((m) => ({ default: m.PlaceList })));
const PlaceEdit = lazy(() => import('../features/places/places.tsx').then((m) => ({ default: m.PlaceEdit })));
const PlaceCreate = lazy(() =>
  import('../features/places/places.tsx').then((m) => ({ default: m.PlaceCreate })),
);
const CityList = lazy(() => import('../features/places/cities.tsx').then((m) => ({ default: m.CityList })));
const CityCreate = lazy(() =>
  import('../features/places/cities.tsx').then((m) => ({ default: m.CityCreate })),
);
const StaffList = lazy(() => import('../features/staff/staff.tsx').then((m) => ({ default: m.StaffList })));
const StaffEdit = lazy(() => import('../features/staff/staff.tsx').then((m) => ({ default: m.StaffEdit })));
const StaffCreate = lazy(() =>
  import('../features/staff/staff.tsx').then((m) => ({ default: m.StaffCreate })),
);
const MemberList = lazy(() =>
  import('../features/members/members.tsx').then((m) => ({ default: m.MemberList })),
);
const MemberShow = lazy(() =>
  import('../features/members/members.tsx').then((m) => ({ default: m.MemberShow })),
);
const ProgramList = lazy(() =>
  import('../features/members/programs.tsx').then((m) => ({ default: m.ProgramList })),
);
const ProgramEdit = lazy(() =>
  import('../features/members/programs.tsx').then((m) => ({ default: m.ProgramEdit })),
);
const OrderList = lazy(() => import('../features/orders/orders.tsx').then((m) => ({ default: m.OrderList })));
const OrderShow = lazy(() => import('../features/orders/orders.tsx').then((m) => ({ default: m.OrderShow })));
const PromotionList = lazy(() =>
  import('../features/campaigns/promotions.tsx').then((m) => ({ default: m.PromotionList })),
);
const PromotionEdit = lazy(() =>
  import('../features/campaigns/promotions.tsx').then((m) => ({ default: m.PromotionEdit })),
);
const PromotionCreate = lazy(() =>
  import('../features/campaigns/promotions.tsx').then((m) => ({ default: m.PromotionCreate })),
);
const CouponList = lazy(() =>
  import('../features/campaigns/coupons.tsx').then((m) => ({ default: m.CouponList })),
);
const CouponEdit = lazy(() =>
  import('../features/campaigns/coupons.tsx').then((m) => ({ default: m.CouponEdit })),
);
const CouponCreate = lazy(() =>
  import('../features/campaigns/coupons.tsx').then((m) => ({ default: m.CouponCreate })),
);
const GiftCardList = lazy(() =>
  import('../features/campaigns/gift-cards.tsx').then((m) => ({ default: m.GiftCardList })),
);
const GiftCardShow = lazy(() =>
  import('../features/campaigns/gift-cards.tsx').then((m) => ({ default: m.GiftCardShow })),
);
const GiftCardCreate = lazy(() =>
  import('../features/campaigns/gift-cards.tsx').then((m) => ({ default: m.GiftCardCreate })),
);
const DashboardPage = lazy(() =>
  import('../features/dashboard/dashboard.tsx').then((m) => ({ default: m.DashboardPage })),
);
const raffles = () => import('../features/activities/raffles.tsx');
const RaffleList = lazy(() => raffles().then((m) => ({ default: m.RaffleList })));
const RaffleEdit = lazy(() => raffles().then((m) => ({ default: m.RaffleEdit })));
const RaffleCreate = lazy(() => raffles().then((m) => ({ default: m.RaffleCreate })));
const polls = () => import('../features/activities/polls.tsx');
const PollList = lazy(() => polls().then((m) => ({ default: m.PollList })));
const PollEdit = lazy(() => polls().then((m) => ({ default: m.PollEdit })));
const PollCreate = lazy(() => polls().then((m) => ({ default: m.PollCreate })));
// The results' charts (@mui/x-charts) are a chunk of their own, loaded only on that screen.
const PollResults = lazy(() =>
  import('../features/activities/poll-results.tsx').then((m) => ({ default: m.PollResults })),
);
const events = () => import('../features/activities/events.tsx');
const EventList = lazy(() => events().then((m) => ({ default: m.EventList })));
const EventEdit = lazy(() => events().then((m) => ({ default: m.EventEdit })));
const EventCreate = lazy(() => events().then((m) => ({ default: m.EventCreate })));
const ads = () => import('../features/activities/ads.tsx');
const AdList = lazy(() => ads().then((m) => ({ default: m.AdList })));
const AdEdit = lazy(() => ads().then((m) => ({ default: m.AdEdit })));
const AdCreate = lazy(() => ads().then((m) => ({ default: m.AdCreate })));
const AuditLogList = lazy(() =>
  import('../features/audit/audit-log.tsx').then((m) => ({ default: m.AuditLogList })),
);
const landing = () => import('../features/content/landing-sections.tsx');
const LandingSectionList = lazy(() => landing().then((m) => ({ default: m.LandingSectionList })));
const LandingSectionEdit = lazy(() => landing().then((m) => ({ default: m.LandingSectionEdit })));
const LandingSectionCreate = lazy(() => landing().then((m) => ({ default: m.LandingSectionCreate })));
// The rich-text editor (Tiptap) comes with this screen's chunk only.
const SiteContentPage = lazy(() =>
  import('../features/content/site-content.tsx').then((m) => ({ default: m.SiteContentPage })),
);

const SettingsPage = lazy(() =>
  import('../features/settings/settings.tsx').then((m) => ({ default: m.SettingsPage })),
);
const PaymentProviderPage = lazy(() =>
  import('../features/settings/payment-provider.tsx').then((m) => ({ default: m.PaymentProviderPage })),
);
const installation = () => import('../features/installation/installation.tsx');
const InstallationAppList = lazy(() => installation().then((m) => ({ default: m.InstallationAppList })));
const InstallationAppCreate = lazy(() => installation().then((m) => ({ default: m.InstallationAppCreate })));
const InstallationCompanyList = lazy(() =>
  installation().then((m) => ({ default: m.InstallationCompanyList })),
);
const InstallationCompanyCreate = lazy(() =>
  installation().then((m) => ({ default: m.InstallationCompanyCreate })),
);
const InstallationOwnerCreate = lazy(() =>
  installation().then((m) => ({ default: m.InstallationOwnerCreate })),
);

/** The back office: react-admin over the admin API, one company at a time. */
export function AdminApp() {
  return (
    <Admin
      title="Administración"
      dataProvider={dataProvider}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
      loginPage={LoginPage}
      accessDenied={AccessDenied}
      layout={AdminLayout}
      theme={theme}
      requireAuth
      disableTelemetry
    >
      {/* First: the screen an owner or manager opens on (`/`), and the menu's first entry. */}
      <Resource name="dashboard" icon={InsightsIcon} list={DashboardPage} />
      <Resource
        name="products"
        icon={RestaurantMenuIcon}
        list={ProductList}
        edit={ProductEdit}
        create={ProductCreate}
        recordRepresentation="title"
      />
      <Resource
        name="categories"
        icon={CategoryIcon}
        list={CategoryList}
        edit={CategoryEdit}
        create={CategoryCreate}
        recordRepresentation="name"
      />
      <Resource
        name="availability"
        icon={InventoryIcon}
        list={AvailabilityList}
        create={AvailabilityCreate}
      />
      <Resource
        name="places"
        icon={StoreIcon}
        list={PlaceList}
        edit={PlaceEdit}
        create={PlaceCreate}
        recordRepresentation="name"
      />
      <Resource
        name="cities"
        icon={LocationCityIcon}
        list={CityList}
        create={CityCreate}
        recordRepresentation="name"
      />
      <Resource
        name="orders"
        icon={ReceiptLongIcon}
        list={OrderList}
        show={OrderShow}
        recordRepresentation={(order) => `#${order.number}`}
      />
      <Resource
        name="promotions"
        icon={LocalOfferIcon}
        list={PromotionList}
        edit={PromotionEdit}
        create={PromotionCreate}
        recordRepresentation="title"
      />
      <Resource
        name="coupons"
        icon={ConfirmationNumberIcon}
        list={CouponList}
        edit={CouponEdit}
        create={CouponCreate}
        recordRepresentation="code"
      />
      <Resource
        name="gift-cards"
        icon={CardGiftcardIcon}
        list={GiftCardList}
        show={GiftCardShow}
        create={GiftCardCreate}
        recordRepresentation="code"
      />
      <Resource
        name="raffles"
        icon={EmojiEventsIcon}
        list={RaffleList}
        edit={RaffleEdit}
        create={RaffleCreate}
        recordRepresentation="title"
      />
      <Resource
        name="polls"
        icon={PollIcon}
        list={PollList}
        edit={PollEdit}
        create={PollCreate}
        show={PollResults}
        recordRepresentation="title"
      />
      <Resource
        name="events"
        icon={EventIcon}
        list={EventList}
        edit={EventEdit}
        create={EventCreate}
        recordRepresentation="title"
      />
      <Resource
        name="ads"
        icon={CampaignIcon}
        list={AdList}
        edit={AdEdit}
        create={AdCreate}
        recordRepresentation="title"
      />
      <Resource
        name="staff"
        icon={PeopleIcon}
        list={StaffList}
        edit={StaffEdit}
        create={StaffCreate}
        recordRepresentation="email"
      />
      <Resource
        name="members"
        icon={CardMembershipIcon}
        list={MemberList}
        show={MemberShow}
        recordRepresentation="email"
      />
      <Resource
        name="programs"
        icon={LoyaltyIcon}
        list={ProgramList}
        edit={ProgramEdit}
        recordRepresentation="name"
      />
      <Resource
        name="landing-sections"
        icon={ViewQuiltIcon}
        list={LandingSectionList}
        edit={LandingSectionEdit}
        create={LandingSectionCreate}
      />
      <Resource name="site-content" icon={ArticleIcon} list={SiteContentPage} />
      <Resource name="settings" icon={SettingsIcon} list={SettingsPage} />
      <Resource name="payment-provider" icon={PaymentsIcon} list={PaymentProviderPage} />
      <Resource name="audit-log" icon={HistoryIcon} list={AuditLogList} />
      <Resource
        name="installation-apps"
        icon={DnsIcon}
        list={InstallationAppList}
        create={InstallationAppCreate}
        recordRepresentation="name"
      />
      <Resource
        name="installation-companies"
        list={InstallationCompanyList}
        create={InstallationCompanyCreate}
        recordRepresentation="name"
      />
      <Resource name="installation-owners" create={InstallationOwnerCreate} />
      <CustomRoutes noLayout>
        <Route path="/companies" element={<CompanyPicker />} />
      </CustomRoutes>
    </Admin>
  );
}
