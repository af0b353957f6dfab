import {
  ADMIN_SIGNIN_METHODS,
  type AdminSettings,
  type AdminSettingsPatch,
  APP_SETTINGS,
  SOCIAL_NETWORKS,
} from '@storefront/contracts/admin-settings';
import { HIDDEN_MODULES, LANGUAGES, type Language } from '@storefront/contracts/constants';
import { AppError, FIELD_MESSAGES, type FieldErrors } from '@storefront/contracts/errors';
import { mediaUrl } from '@storefront/contracts/media';
import { signinMethodComplete } from '@storefront/contracts/signin';
import { VALIDATION_MESSAGES } from '@storefront/contracts/validators';
import type { Executor } from '@storefront/db/client';
import { findImage } from '../../media/media.repository.ts';
import type { AdminContext } from '../access/admin-guard.ts';
import { recordChange } from '../audit/audit.service.ts';
import { checkVersion } from '../catalogue/versions.ts';
import * as repo from './settings.repository.ts';

const AUDIT = 'settings';
/** An upload's address as the storefront shows it (decision 020): the uid is in it. */
const MEDIA_ADDRESS = /^\/media\/([A-Za-z0-9_-]+)\/\d+\.webp$/;
const HEX_COLOR = /^#[0-9A-Fa-f]{6}$/;
// A + with the country code and the number, all together: the WhatsApp link needs the country.
const WHATSAPP = /^\+[1-9]\d{7,14}$/;

const uidOfAddress = (address: string | null) =>
  address ? (MEDIA_ADDRESS.exec(address)?.[1] ?? null) : null;

function toSettings({ company, app }: { company: repo.SettingsCompanyRow; app: repo.SettingsAppRow }) {
  const isMain = app.mainCompanyUid === company.uid;
  return {
    company_uid: company.uid,
    name: company.name,
    logo_uid: uidOfAddress(company.logo),
    logo: company.logo,
    banner_uid: uidOfAddress(company.banner),
    banner: company.banner,
    whatsapp_number: company.whatsappNumber,
    social_links: company.socialLinks,
    hidden_for_members: company.hiddenForMembers as AdminSettings['hidden_for_members'],
    app: isMain
      ? {
          uid: app.uid,
          main_color: app.colors.main_color ?? null,
          menu_color: app.colors.menu_color ?? null,
          signin_methods: app.signinMethods.map((method) => method.type) as NonNullable<
            AdminSettings['app']
          >['signin_methods'],
          allow_signup: app.allowSignup,
          allow_anonymous_navigation: app.allowAnonymousNavigation,
          language: (app.language === 'en' ? 'en' : 'es') as Language,
          languages: app.languages.filter((l): l is Language => (LANGUAGES as readonly string[]).includes(l)),
        }
      : null,
    version: company.settingsVersion,
  } satisfies AdminSettings;
}

/** The fields the audit log compares: every setting, the app's flattened in. */
function audited({ app, version: _, company_uid: __, ...company }: AdminSettings) {
  if (!app) return company;
  const { uid: ___, ...appSettings } = app;
  return { ...company, ...appSettings };
}

export async function getSettings(ctx: AdminContext): Promise<AdminSettings> {
  const found = await repo.findCompanyAndApp(ctx.db, ctx.company.uid);
  if (!found) throw new AppError('NOT_FOUND');
  return toSettings(found);
}

/** Collects every field's message, so that one answer names every mistake. */
class Problems {
  readonly fields: FieldErrors = {};
  constructor(readonly language: Language) {}
  add(field: string, message: keyof typeof FIELD_MESSAGES | string, options?: readonly string[]) {
    const text =
      message in FIELD_MESSAGES
        ? FIELD_MESSAGES[message as keyof typeof FIELD_MESSAGES][this.language]
        : message;
    const messages = this.fields[field] ?? [];
    messages.push(options ? `${text} ${options.join(', ')}` : text);
    this.fields[field] = messages;
  }
  throwIfAny() {
    if (Object.keys(this.fields).length > 0) throw new AppError('VALIDATION', this.fields);
  }
}

const unique = <T>(values: T[]) => [...new Set(values)];

/** The address of an upload of this company chosen as its logo or banner; another's is a 400. */
async function chosenAddress(
  tx: Executor,
  ctx: AdminContext,
  problems: Problems,
  field: string,
  uid: string | null,
) {
  if (uid === null) return null;
  const image = await findImage(tx, uid);
  if (image?.companyUid !== ctx.company.uid) {
    problems.add(field, 'notInCompany');
    return undefined;
  }
  return mediaUrl(uid, Math.max(...image.widths));
}

function checkedColor(problems: Problems, field: string, value: string) {
  if (!HEX_COLOR.test(value)) problems.add(field, 'hexColor');
  return value;
}

function checkedSocialLinks(problems: Problems, links: Record<string, string | null>) {
  const kept: Record<string, string> = {};
  for (const [network, address] of Object.entries(links)) {
    const field = `social_links.${network}`;
    if (!(SOCIAL_NETWORKS as readonly string[]).includes(network)) {
      problems.add(field, 'notAChoice', SOCIAL_NETWORKS);
      continue;
    }
    if (!address) continue;
    if (!isHttpsAddress(address)) problems.add(field, 'httpsUrl');
    else kept[network] = address;
  }
  return kept;
}

function isHttpsAddress(value: string) {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname.includes('.') && !/\s/.test(value);
  } catch {
    return false;
  }
}

function checkedChoices<T extends string>(
  problems: Problems,
  field: string,
  values: string[],
  choices: readonly T[],
): T[] {
  const wrong = values.filter((value) => !(choices as readonly string[]).includes(value));
  if (wrong.length > 0) problems.add(field, 'notAChoice', choices);
  return unique(values.filter((value): value is T => (choices as readonly string[]).includes(value)));
}

/**
 * The sign-in methods from their types: ones already set up keep their settings (the social ones'
 * client ids come from the tenant file), new ones are those that need none.
 */
function checkedSigninMethods(
  problems: Problems,
  types: string[],
  current: repo.SettingsAppRow['signinMethods'],
) {
  const configured = current.map((method) => method.type);
  const allowed = unique([...ADMIN_SIGNIN_METHODS, ...configured]);
  const chosen = checkedChoices(problems, 'signin_methods', types, allowed);
  if (types.length === 0) problems.add('signin_methods', 'atLeastOne');
  if (chosen.includes('ONLY_DOCUMENT') && chosen.length > 1)
    problems.add('signin_methods', 'onlyDocumentAlone');
  const methods = chosen.map(
    (type) => current.find((method) => method.type === type) ?? { type, settings: {} },
  );
  const incomplete = methods.filter((method) => !signinMethodComplete(method)).map((method) => method.type);
  if (incomplete.length > 0) problems.add('signin_methods', 'clientIdMissing', incomplete);
  return methods;
}

/** The PATCH checked against the current settings: the rows' changes, or every problem as one 400. */
async function changesOf(
  tx: Executor,
  ctx: AdminContext,
  body: AdminSettingsPatch,
  { app }: { app: repo.SettingsAppRow },
) {
  const problems = new Problems(ctx.language);
  const company: repo.CompanyChanges = {};
  const appChanges: repo.AppChanges = {};
  if (body.name !== undefined) company.name = body.name;
  for (const [field, column] of [
    ['logo_uid', 'logo'],
    ['banner_uid', 'banner'],
  ] as const) {
    const uid = body[field];
    if (uid === undefined) continue;
    const address = await chosenAddress(tx, ctx, problems, field, uid);
    if (address !== undefined) company[column] = address;
  }
  if (body.whatsapp_number !== undefined) {
    const number = body.whatsapp_number?.replace(/[\s-]/g, '') || null;
    if (number !== null && !WHATSAPP.test(number))
      problems.add('whatsapp_number', VALIDATION_MESSAGES.telephone[ctx.language]);
    company.whatsappNumber = number;
  }
  if (body.social_links !== undefined) company.socialLinks = checkedSocialLinks(problems, body.social_links);
  if (body.hidden_for_members !== undefined)
    company.hiddenForMembers = checkedChoices(
      problems,
      'hidden_for_members',
      body.hidden_for_members,
      HIDDEN_MODULES,
    );
  if (body.main_color !== undefined || body.menu_color !== undefined) {
    const colors = { ...app.colors };
    for (const field of ['main_color', 'menu_color'] as const) {
      const value = body[field];
      if (value === undefined) continue;
      if (value === null) delete colors[field];
      else colors[field] = checkedColor(problems, field, value);
    }
    appChanges.colors = colors;
  }
  if (body.signin_methods !== undefined)
    appChanges.signinMethods = checkedSigninMethods(problems, body.signin_methods, app.signinMethods);
  if (body.allow_signup !== undefined) appChanges.allowSignup = body.allow_signup;
  if (body.allow_anonymous_navigation !== undefined)
    appChanges.allowAnonymousNavigation = body.allow_anonymous_navigation;
  if (body.languages !== undefined) {
    appChanges.languages = checkedChoices(problems, 'languages', body.languages, LANGUAGES);
    if (body.languages.length === 0) problems.add('languages', 'atLeastOne');
  }
  if (body.language !== undefined) {
    const [language] = checkedChoices(problems, 'language', [body.language], LANGUAGES);
    if (language) appChanges.language = language;
  }
  const offered = appChanges.languages ?? app.languages;
  const chosen = appChanges.language ?? app.language;
  if (!problems.fields.language && !problems.fields.languages && !offered.includes(chosen))
    problems.add('language', 'defaultLanguageOffered');
  problems.throwIfAny();
  return { company, app: appChanges };
}

/**
 * Changes the company's settings, and the app's when the company is its app's main company (another
 * company asking for those gets 403). Audited; every process drops its copy of the app's record at
 * commit (app_events), so that the storefront shows the change at once.
 */
export function updateSettings(
  ctx: AdminContext,
  body: AdminSettingsPatch,
  ifMatch: number | undefined,
): Promise<AdminSettings> {
  return ctx.db.transaction(async (tx) => {
    const found = await repo.findCompanyAndApp(tx, ctx.company.uid, true);
    if (!found) throw new AppError('NOT_FOUND');
    const before = toSettings(found);
    if (!before.app && APP_SETTINGS.some((field) => body[field] !== undefined))
      throw new AppError('APP_SETTINGS_MAIN_ONLY');
    checkVersion(ifMatch, before);
    const changes = await changesOf(tx, ctx, body, found);
    const after = toSettings({
      company: { ...found.company, ...changes.company },
      app: { ...found.app, ...changes.app },
    });
    // A write that changes nothing keeps the version (and writes no audit line).
    if (JSON.stringify(audited(before)) === JSON.stringify(audited(after))) return before;
    await repo.updateCompanySettings(tx, ctx.company.uid, changes.company);
    await repo.updateAppSettings(tx, found.app.uid, changes.app);
    await repo.announceAppChange(tx, found.app.uid);
    await recordChange(
      tx,
      ctx,
      { type: AUDIT, uid: ctx.company.uid },
      'update',
      audited(before),
      audited(after),
    );
    return { ...after, version: before.version + 1 };
  });
}
