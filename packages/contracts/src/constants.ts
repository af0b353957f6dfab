// Business constants of spec §9, named once for the storefront and the API.

export const STORAGE_VERSION = '1.0.2';
export const DEFAULT_LANGUAGE = 'es';
export const LANGUAGES = ['es', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];

export const DEFAULT_CURRENCY_SYMBOL = 'S/';
export const PAGE_SIZE = 25;
export const PROMOTIONS_PAGE_SIZE = 24;
export const MAX_PAGE_SIZE = 100;
export const COLLAPSE_PAGES_AFTER = 10;

export const SEARCH_DEBOUNCE_MS = 800;
export const MAX_TOPPINGS_SHOWN = 8;
export const OVERLAY_LAST_UNIT_REMOVED_MS = 2000;
export const OVERLAY_POPUP_CHANGE_MS = 4000;
export const CATEGORY_SCROLL_STEP_PX = 200;
export const SIDEBAR_WIDTH_PX = 300;
export const ALL_CATEGORIES_UID = '000';
/** Largest quantity of one cart line: far above a real order, far below an integer overflow. */
export const MAX_LINE_QUANTITY = 999;
export const MAX_CART_LINES = 100;
/** Saved delivery addresses a member may keep (architecture §11; ADDRESS_LIMIT_REACHED says 20). */
export const MAX_SAVED_ADDRESSES = 20;
/** Pickup is offered on this many days, today first (the checkout's date choice; the server's window). */
export const PICKUP_DAYS_AHEAD = 7;

export const DIAL_CODES = { PE: '+51', MX: '+52', COL: '+57', ECUA: '+593' } as const;
export const DEFAULT_DIAL_CODE = DIAL_CODES.PE;
export const MINIMUM_AGE = 18;
export const GENDERS = ['f', 'm'] as const;

export const TOAST_DURATION_MS = 5000;
export const EMAIL_VALIDATION_REDIRECT_MS = 1500;
export const CAROUSEL_INTERVAL_MS = 4000;
export const NARROW_SCREEN = { width: 500, height: 1000 } as const;
export const MAX_LANDING_CARDS = 3;
export const MAX_SMALL_IMAGES = 5;

export const COOKIE_GA_MAX_AGE_DAYS = 730;
export const COOKIE_GUID_MAX_AGE_DAYS = 1;

export const DOCUMENT_TYPES = ['NATIONAL_ID', 'PASSPORT', 'FOREIGNER_ID', 'TAX_ID', 'OTHER'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];
export const SEARCH_TYPES = [...DOCUMENT_TYPES, 'MOBILE_PHONE', 'QR'] as const;

export const SIGNIN_METHODS = [
  'EMAIL',
  'DOCUMENT',
  'MOBILE_NUMBER',
  'ONLY_DOCUMENT',
  'GOOGLE',
  'FACEBOOK',
  'IOS',
] as const;
export type SigninMethod = (typeof SIGNIN_METHODS)[number];

// The admin settings' choices (admin-settings.ts), here so that the admin site's screens need no zod.
/** The networks the storefront's footer draws (apps/web social-links.tsx). */
export const SOCIAL_NETWORKS = ['facebook', 'instagram', 'tiktok', 'x', 'youtube', 'linkedin'] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

/** Sign-in methods an owner turns on from the site; the social ones need client ids (the tenant file). */
export const ADMIN_SIGNIN_METHODS = ['EMAIL', 'DOCUMENT', 'MOBILE_NUMBER', 'ONLY_DOCUMENT'] as const;

export const HIDDEN_MODULES = ['cart', 'store', 'program'] as const;
export type HiddenModule = (typeof HIDDEN_MODULES)[number];

export const ORDER_STATUSES = [
  /** Waiting for an online payment or a transfer (architecture §10); the order board does not show it. */
  'PENDING_PAYMENT',
  'PAYMENT_FAILED',
  'PAYMENT_EXPIRED',
  'RECEIVED',
  'ACCEPTED',
  'SHIPPED',
  'DELIVERED',
  'CANCELED_BY_PLACE',
  'CANCELED_BY_USER',
] as const;

export const LANDING_TYPES = ['MODEL_2', 'DEFAULT', 'MARKET', 'MUNICIPAL'] as const;

/**
 * Roles on a company (staff_roles), in the retail spelling: each may use the retail tools in its places;
 * MANAGER and OWNER also the admin site (architecture §9).
 */
export const STAFF_ROLES = ['STAFF', 'MANAGER', 'OWNER'] as const;
export type StaffRoleName = (typeof STAFF_ROLES)[number];
