import { createHash, randomBytes } from 'node:crypto';
import {
  ACCOUNT_MESSAGES,
  LINK_LIFETIME_HOURS,
  type LinkPurpose,
  type LoginPayload,
  type Me,
  type RegisterPayload,
  type UpdateMePayload,
} from '@storefront/contracts/accounts';
import { DEFAULT_DIAL_CODE, type DocumentType, type Language } from '@storefront/contracts/constants';
import { AppError, type ErrorCode, errorMessage, FIELD_MESSAGES } from '@storefront/contracts/errors';
import { signinClientId } from '@storefront/contracts/signin';
import { type ValidationRule, validateValue } from '@storefront/contracts/validators';
import type { Executor } from '@storefront/db/client';
import { hashPassword, verifyPassword } from '@storefront/db/passwords';
import type { AppConfig } from '../../app.ts';
import type { PageRequest } from '../../lib/paging.ts';
import type { MemberContext, RequestContext } from '../../lib/request-context.ts';
import type { TenantApp } from '../apps/apps.repository.ts';
import { queueMail } from '../mail/mail.service.ts';
import type { UserRow } from '../sessions/sessions.repository.ts';
import { endAllSessions, endOtherSessions, endSession, issueToken } from '../sessions/sessions.service.ts';
import { accountMail } from './accounts.mail.ts';
import {
  areaExists,
  consumeLink,
  deleteAccount,
  findUserByDocument,
  findUserByEmail,
  findUserByMobile,
  findUserByUid,
  insertLink,
  insertUser,
  isStaff,
  linkIsUsable,
  linkWasIssued,
  listMemberPrograms,
  type UserChanges,
  updateUser,
} from './accounts.repository.ts';
import {
  IDENTITY_PROVIDERS,
  type IdentityProvider,
  type ProviderUrls,
  verifyCaptcha,
  verifyProviderToken,
} from './identity-providers.ts';

/** Where a request comes from: its IP (captcha) and the storefront origin that e-mailed links point to. */
export interface ClientInfo {
  ip: string;
  origin: string;
}
export type ProviderConfig = ProviderUrls & Pick<AppConfig, 'RECAPTCHA_VERIFY_URL'>;

const fieldError = (code: ErrorCode, field: string, language: Language) =>
  new AppError(code, { [field]: [errorMessage(code, language)] });

const hashLinkToken = (token: string) => createHash('sha256').update(token).digest('hex');

// A wrong e-mail costs as much as a wrong password, so that timing does not tell which accounts exist.
const dummyHash = hashPassword(randomBytes(16).toString('hex'));

// ---------------------------------------------------------------- normalising identities

/**
 * The rules of spec §5 for each field, by the generic validator the storefront's forms use too, with
 * its messages in the request's language: each field that breaks one answers its first message.
 */
function checkFields(
  values: object,
  rules: Record<string, readonly ValidationRule[]>,
  language: Language,
): void {
  const errors = Object.entries(rules).flatMap(([field, fieldRules]) => {
    const message = validateValue((values as Record<string, unknown>)[field], fieldRules, language);
    return message ? [[field, [message]]] : [];
  });
  if (errors.length > 0) throw new AppError('VALIDATION', Object.fromEntries(errors));
}

/** A DNI (NATIONAL_ID) passes the dni rule (spec §5); other documents are free text. Uppercased. */
function normaliseDocument(type: DocumentType, number: string, language: Language): string {
  const value = number.trim().toUpperCase();
  if (type === 'NATIONAL_ID') checkFields({ document_number: value }, { document_number: ['dni'] }, language);
  return value;
}

/** Phones are stored with their country code, `+51987654321`; a bare number takes the given or default code. */
function withDialCode(number: string, countryCode?: string | null): string {
  const compact = number.replace(/[\s()-]/g, '');
  return compact.startsWith('+') ? compact : `${countryCode ?? DEFAULT_DIAL_CODE}${compact}`;
}

/** The number with its code must pass the telephone rule of spec §5 (a + and the code, all together). */
function normaliseMobile(number: string, countryCode: string | null | undefined, language: Language): string {
  const full = withDialCode(number, countryCode);
  checkFields({ mobile_number: full }, { mobile_number: ['telephone'] }, language);
  return full;
}

const dialCodeOf = (mobile: string, given: string | null | undefined) =>
  given ?? (mobile.startsWith(DEFAULT_DIAL_CODE) ? DEFAULT_DIAL_CODE : null);

/** Maps a unique-index violation (a race the pre-checks did not see) to the field it concerns. */
function duplicateError(error: unknown, language: Language): AppError | null {
  const constraint = [error, (error as { cause?: unknown })?.cause]
    .map((e) => e as { code?: string; constraint?: string; message?: string } | undefined)
    .find((e) => e?.code === '23505');
  const name = constraint?.constraint ?? constraint?.message ?? '';
  if (name.includes('users_app_email_unique')) return fieldError('EMAIL_TAKEN', 'email', language);
  if (name.includes('users_app_document_unique'))
    return fieldError('DOCUMENT_TAKEN', 'document_number', language);
  if (name.includes('users_app_mobile_unique')) return fieldError('MOBILE_TAKEN', 'mobile_number', language);
  return null;
}

async function orDuplicate<T>(work: Promise<T>, language: Language): Promise<T> {
  try {
    return await work;
  } catch (error) {
    throw duplicateError(error, language) ?? error;
  }
}

// ---------------------------------------------------------------- the profile

const PROFILE_FIELDS = ['firstName', 'lastName', 'birthdate', 'documentNumber', 'gender'] as const;

export async function toMe(db: Executor, user: UserRow): Promise<Me> {
  return {
    uid: user.uid,
    email: user.email,
    email_verified: user.emailVerifiedAt !== null,
    first_name: user.firstName,
    last_name: user.lastName,
    birthdate: user.birthdate,
    document_type: user.documentType as Me['document_type'],
    document_number: user.documentNumber,
    gender: user.gender as Me['gender'],
    mobile_number: user.mobileNumber,
    country_code_number: user.countryCodeNumber,
    area: user.areaUid,
    language: user.language === 'en' ? 'en' : 'es',
    order_status_mails: user.orderStatusMails,
    is_profile_complete: PROFILE_FIELDS.every((field) => Boolean(user[field])),
    is_staff: await isStaff(db, user.uid),
  };
}

export const getMe = (ctx: MemberContext) => toMe(ctx.db, ctx.user);

export async function updateMe(ctx: MemberContext, payload: UpdateMePayload): Promise<Me> {
  const { user, language } = ctx;
  // The complete-data rules of spec §5; the document's dni rule runs in normaliseDocument.
  checkFields(
    payload,
    {
      ...(payload.first_name !== undefined && { first_name: ['required'] }),
      ...(payload.last_name !== undefined && { last_name: ['required'] }),
      mobile_number: ['numeric'],
    },
    language,
  );
  const changes: UserChanges = {};
  if (payload.first_name !== undefined) changes.firstName = payload.first_name;
  if (payload.last_name !== undefined) changes.lastName = payload.last_name;
  if (payload.birthdate !== undefined) changes.birthdate = payload.birthdate;
  if (payload.gender !== undefined) changes.gender = payload.gender;
  if (payload.language !== undefined) changes.language = payload.language;
  if (payload.order_status_mails !== undefined) changes.orderStatusMails = payload.order_status_mails;
  const documentType = payload.document_type ?? (user.documentType as DocumentType);
  if (payload.document_type !== undefined) changes.documentType = payload.document_type;
  const documentNumber =
    payload.document_number === undefined ? user.documentNumber : payload.document_number;
  if (documentNumber && (payload.document_number !== undefined || payload.document_type !== undefined))
    changes.documentNumber = normaliseDocument(documentType, documentNumber, language);
  else if (payload.document_number === null) changes.documentNumber = null;
  if (payload.mobile_number !== undefined) {
    // An empty number removes the number and its country code (spec §4 Complete-data submit).
    if (!payload.mobile_number) {
      changes.mobileNumber = null;
      changes.countryCodeNumber = null;
    } else {
      const code = payload.country_code_number ?? user.countryCodeNumber;
      changes.mobileNumber = normaliseMobile(payload.mobile_number, code, language);
      changes.countryCodeNumber = dialCodeOf(changes.mobileNumber, code);
    }
  } else if (payload.country_code_number !== undefined) {
    changes.countryCodeNumber = payload.country_code_number;
  }
  if (payload.area !== undefined) {
    if (payload.area !== null && !(await areaExists(ctx.db, ctx.app.uid, payload.area)))
      throw new AppError('VALIDATION', { area: [errorMessage('NOT_FOUND', language)] });
    changes.areaUid = payload.area;
  }
  if (Object.keys(changes).length === 0) return toMe(ctx.db, user);
  const updated = await orDuplicate(updateUser(ctx.db, ctx.app.uid, user.uid, changes), language);
  if (!updated) throw new AppError('NOT_AUTHENTICATED');
  return toMe(ctx.db, updated);
}

// ---------------------------------------------------------------- signing in

const enabledMethods = (app: TenantApp) => {
  const types = app.signinMethods.map((method) => method.type);
  // The first method being ONLY_DOCUMENT disables the others (spec §4).
  return new Set(types[0] === 'ONLY_DOCUMENT' ? ['ONLY_DOCUMENT'] : types);
};

async function checkCaptcha(ctx: RequestContext, config: ProviderConfig, client: ClientInfo, token?: string) {
  const secret = ctx.app.recaptchaSettings?.secret_key;
  if (secret) await verifyCaptcha(config.RECAPTCHA_VERIFY_URL, secret, token, client.ip);
}

const loginDocument = (number: string) => number.trim().toUpperCase();

/**
 * The account a sign-in names, written as its look-up reads it, so that the per-account limit counts
 * every spelling of one mobile number or document together (issue 28). Null when it names none.
 */
export function loginAccountKey(
  payload: Pick<LoginPayload, 'email' | 'mobile_number' | 'document_type' | 'document_number'>,
): string | null {
  if (payload.email) return payload.email.trim().toLowerCase();
  if (payload.mobile_number) return withDialCode(payload.mobile_number);
  if (payload.document_number)
    return `${payload.document_type ?? 'NATIONAL_ID'}:${loginDocument(payload.document_number)}`;
  return null;
}

/** `POST v5/login/`: e-mail, mobile number or document with a password, or a document alone (ONLY_DOCUMENT). */
export async function login(
  ctx: RequestContext,
  config: ProviderConfig,
  client: ClientInfo,
  payload: LoginPayload,
): Promise<{ token: string }> {
  const { app, language } = ctx;
  const methods = enabledMethods(app);
  const identities = [payload.email, payload.mobile_number, payload.document_number].filter(Boolean);
  if (identities.length !== 1) throw new AppError('INVALID_CREDENTIALS');
  const documentAlone = Boolean(payload.document_number) && payload.password === undefined;
  const method = payload.email
    ? 'EMAIL'
    : payload.mobile_number
      ? 'MOBILE_NUMBER'
      : documentAlone
        ? 'ONLY_DOCUMENT'
        : 'DOCUMENT';
  if (!methods.has(method)) throw new AppError('SIGNIN_METHOD_DISABLED');
  if (!documentAlone && payload.password === undefined)
    throw new AppError('VALIDATION', { password: [FIELD_MESSAGES.required[language]] });
  await checkCaptcha(ctx, config, client, payload.captcha_token);

  let user: UserRow | null = null;
  if (payload.email) user = await findUserByEmail(ctx.db, app.uid, payload.email);
  else if (payload.mobile_number)
    user = await findUserByMobile(ctx.db, app.uid, withDialCode(payload.mobile_number));
  else if (payload.document_number)
    user = await findUserByDocument(
      ctx.db,
      app.uid,
      payload.document_type ?? 'NATIONAL_ID',
      loginDocument(payload.document_number),
    );
  if (!documentAlone) {
    const valid = await verifyPassword(user?.passwordHash ?? (await dummyHash), payload.password ?? '');
    if (!valid || !user?.passwordHash) throw new AppError('INVALID_CREDENTIALS');
  }
  if (!user) throw new AppError('INVALID_CREDENTIALS');
  return { token: await issueToken(ctx.db, user) };
}

/**
 * `POST v5/login/mobile/{google,facebook,apple}/`: the verified e-mail behind the provider's token signs
 * in its member, or signs up a new one where the app allows it.
 */
export async function loginWithProvider(
  ctx: RequestContext,
  config: ProviderConfig,
  provider: IdentityProvider,
  providerToken: string,
): Promise<{ token: string }> {
  const type = IDENTITY_PROVIDERS[provider];
  const method = ctx.app.signinMethods.find((m) => m.type === type);
  if (!method || !enabledMethods(ctx.app).has(type)) throw new AppError('SIGNIN_METHOD_DISABLED');
  const clientId = signinClientId(method.settings);
  const { email } = await verifyProviderToken(config, provider, providerToken, clientId);
  const existing = await findUserByEmail(ctx.db, ctx.app.uid, email);
  if (existing) return { token: await issueToken(ctx.db, existing) };
  if (!ctx.app.allowSignup) throw new AppError('SIGNUP_DISABLED');
  return ctx.db.transaction(async (tx) => {
    const user = await orDuplicate(
      insertUser(tx, { appUid: ctx.app.uid, email, emailVerifiedAt: new Date(), language: ctx.language }),
      ctx.language,
    );
    return { token: await issueToken(tx, user) };
  });
}

/** `POST v5/logout/`: the session ends, and this device gets none of the member's notifications. */
export async function logout(ctx: MemberContext, token: string): Promise<{ detail: string }> {
  await ctx.db.transaction((tx) => endSession(tx, token));
  return { detail: ACCOUNT_MESSAGES.loggedOut[ctx.language] };
}

/** `POST v5/validate/`: whether a document is registered, and whether it may register (spec §4 only-document login). */
export async function validateDocument(
  ctx: RequestContext,
  config: ProviderConfig,
  client: ClientInfo,
  payload: { document_type: DocumentType; document_number: string; captcha_token?: string },
) {
  await checkCaptcha(ctx, config, client, payload.captcha_token);
  const number = normaliseDocument(payload.document_type, payload.document_number, ctx.language);
  const registered = Boolean(await findUserByDocument(ctx.db, ctx.app.uid, payload.document_type, number));
  return { is_registered: registered, can_register: !registered && ctx.app.allowSignup };
}

// ---------------------------------------------------------------- links sent by mail

async function sendLink(
  tx: Executor,
  ctx: RequestContext,
  user: UserRow,
  purpose: LinkPurpose,
  linkFor: (token: string) => string,
): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + LINK_LIFETIME_HOURS[purpose] * 60 * 60 * 1000);
  await insertLink(tx, {
    tokenHash: hashLinkToken(token),
    purpose,
    userUid: user.uid,
    appUid: ctx.app.uid,
    expiresAt,
  });
  const language = user.language === 'en' ? 'en' : ctx.language;
  const verified = user.emailVerifiedAt !== null;
  const mail = accountMail(
    purpose,
    language,
    ctx.app.name,
    { firstName: user.firstName, verified },
    linkFor(token),
  );
  if (user.email) await queueMail(tx, { appUid: ctx.app.uid, to: user.email, verified, ...mail });
}

const linkKey = (ctx: RequestContext, purpose: LinkPurpose, userUid: string, token: string) => ({
  tokenHash: hashLinkToken(token),
  purpose,
  userUid,
  appUid: ctx.app.uid,
});

// ---------------------------------------------------------------- registering

/** `POST v5/register/`: creates the member, signs them in and e-mails the verification link. */
export async function register(
  ctx: RequestContext,
  config: ProviderConfig,
  client: ClientInfo,
  payload: RegisterPayload,
): Promise<{ token: string }> {
  const { app, language } = ctx;
  if (!app.allowSignup) throw new AppError('SIGNUP_DISABLED');
  const methods = enabledMethods(app);
  const needsDocument = app.validateDocument || methods.has('ONLY_DOCUMENT') || methods.has('DOCUMENT');
  const needsMobile = app.validateMobileNumber || methods.has('MOBILE_NUMBER');
  // The register rules of spec §5 (the storefront's form runs the same ones).
  const optional = (needed: boolean, ...rules: ValidationRule[]): ValidationRule[] =>
    needed ? ['required', ...rules] : rules;
  checkFields(
    payload,
    {
      first_name: ['required'],
      last_name: ['required'],
      email: ['required', 'email'],
      document_number: optional(needsDocument, ...(methods.has('ONLY_DOCUMENT') ? ['numeric' as const] : [])),
      mobile_number: optional(needsMobile, 'positiveNumber'),
    },
    language,
  );
  await checkCaptcha(ctx, config, client, payload.captcha_token);

  const email = payload.email.toLowerCase();
  const documentNumber = payload.document_number
    ? normaliseDocument(payload.document_type, payload.document_number, language)
    : null;
  const mobileNumber = payload.mobile_number
    ? normaliseMobile(payload.mobile_number, payload.country_code_number, language)
    : null;
  if (await findUserByEmail(ctx.db, app.uid, email)) throw fieldError('EMAIL_TAKEN', 'email', language);
  if (documentNumber && (await findUserByDocument(ctx.db, app.uid, payload.document_type, documentNumber)))
    throw fieldError('DOCUMENT_TAKEN', 'document_number', language);
  if (mobileNumber && (await findUserByMobile(ctx.db, app.uid, mobileNumber)))
    throw fieldError('MOBILE_TAKEN', 'mobile_number', language);

  const passwordHash = await hashPassword(payload.password);
  return orDuplicate(
    ctx.db.transaction(async (tx) => {
      const user = await insertUser(tx, {
        appUid: app.uid,
        email,
        passwordHash,
        documentType: payload.document_type,
        documentNumber,
        firstName: payload.first_name,
        lastName: payload.last_name,
        mobileNumber,
        countryCodeNumber: mobileNumber ? dialCodeOf(mobileNumber, payload.country_code_number) : null,
        language,
      });
      await sendLink(
        tx,
        ctx,
        user,
        'VERIFY_EMAIL',
        (token) => `${client.origin}/verification-email/${app.uid}/${user.uid}/${token}`,
      );
      return { token: await issueToken(tx, user) };
    }),
    language,
  );
}

/** `GET v5/verification-email/{app}/{user}/{token}/`. A second click on a spent link still says yes. */
export async function verifyEmail(ctx: RequestContext, appUid: string, userUid: string, token: string) {
  if (appUid !== ctx.app.uid) throw new AppError('EMAIL_NOT_VALIDATED');
  const key = linkKey(ctx, 'VERIFY_EMAIL', userUid, token);
  const verified = await ctx.db.transaction(async (tx) => {
    if (await consumeLink(tx, key)) {
      return Boolean(await updateUser(tx, ctx.app.uid, userUid, { emailVerifiedAt: new Date() }));
    }
    const user = await findUserByUid(tx, ctx.app.uid, userUid);
    return Boolean(user?.emailVerifiedAt) && (await linkWasIssued(tx, key));
  });
  if (!verified) throw new AppError('EMAIL_NOT_VALIDATED');
  return { detail: ACCOUNT_MESSAGES.emailValidated[ctx.language] };
}

// ---------------------------------------------------------------- passwords

function checkConfirmation(password: string, confirmation: string, language: Language) {
  if (password !== confirmation)
    throw fieldError('PASSWORDS_DO_NOT_MATCH', 'password_confirmation', language);
}

/** `POST v5/me/change_password/`: the member's other sessions end; the current one goes on. */
export async function changePassword(
  ctx: MemberContext,
  token: string,
  payload: { current_password: string; password: string; password_confirmation: string },
) {
  const { user, language } = ctx;
  checkConfirmation(payload.password, payload.password_confirmation, language);
  if (!user.passwordHash || !(await verifyPassword(user.passwordHash, payload.current_password)))
    throw fieldError('WRONG_PASSWORD', 'current_password', language);
  const passwordHash = await hashPassword(payload.password);
  await ctx.db.transaction(async (tx) => {
    await updateUser(tx, ctx.app.uid, user.uid, { passwordHash });
    await endOtherSessions(tx, user.uid, token);
  });
  return { detail: ACCOUNT_MESSAGES.passwordUpdated[language] };
}

/** `POST v5/me/reset_password/`: the same answer whether or not the e-mail has an account. */
export async function requestPasswordReset(
  ctx: RequestContext,
  config: ProviderConfig,
  client: ClientInfo,
  payload: { email: string; captcha_token?: string },
) {
  checkFields(payload, { email: ['required', 'email'] }, ctx.language);
  await checkCaptcha(ctx, config, client, payload.captcha_token);
  const user = await findUserByEmail(ctx.db, ctx.app.uid, payload.email);
  if (user) {
    await ctx.db.transaction((tx) =>
      sendLink(
        tx,
        ctx,
        user,
        'RESET_PASSWORD',
        (token) => `${client.origin}/reset-password/${user.uid}/${token}`,
      ),
    );
  }
  return { detail: ACCOUNT_MESSAGES.resetMailSent[ctx.language] };
}

/**
 * The welcome mail of a member created at the counter (who has no password yet): a link to the reset
 * screen that sets their first one, built like the reset mail's.
 */
export function sendWelcomeLink(tx: Executor, ctx: RequestContext, user: UserRow, origin: string) {
  return sendLink(
    tx,
    ctx,
    user,
    'SET_PASSWORD',
    (token) => `${origin}/reset-password/${user.uid}/${token}?welcome`,
  );
}

/**
 * `POST v5/me/reset_password/{user}/{token}/`: spends the link (a reset's, or a welcome mail's), sets
 * the password and ends every session.
 */
export async function resetPassword(
  ctx: RequestContext,
  userUid: string,
  token: string,
  payload: { password: string; password_confirmation: string },
) {
  checkConfirmation(payload.password, payload.password_confirmation, ctx.language);
  const passwordHash = await hashPassword(payload.password);
  await ctx.db.transaction(async (tx) => {
    const spent =
      (await consumeLink(tx, linkKey(ctx, 'RESET_PASSWORD', userUid, token))) ||
      (await consumeLink(tx, linkKey(ctx, 'SET_PASSWORD', userUid, token)));
    if (!spent) throw new AppError('LINK_EXPIRED');
    const user = await findUserByUid(tx, ctx.app.uid, userUid);
    if (!user) throw new AppError('LINK_EXPIRED');
    // Following the mailed link proves the inbox is the member's.
    await updateUser(tx, ctx.app.uid, userUid, {
      passwordHash,
      emailVerifiedAt: user.emailVerifiedAt ?? new Date(),
    });
    await endAllSessions(tx, userUid);
  });
  return { detail: ACCOUNT_MESSAGES.passwordUpdated[ctx.language] };
}

// ---------------------------------------------------------------- deleting the account

/** `POST v5/delete-account/`: e-mails the deletion link (under the app's path prefix when it has one). */
export async function requestDeletion(ctx: MemberContext, client: ClientInfo) {
  const { app, user } = ctx;
  const prefix = app.deletionPathPrefix ? `/${app.deletionPathPrefix}` : '';
  await ctx.db.transaction((tx) =>
    sendLink(
      tx,
      ctx,
      user,
      'DELETE_ACCOUNT',
      (token) => `${client.origin}${prefix}/me/delete/${app.uid}/${user.uid}/${token}`,
    ),
  );
  return { detail: ACCOUNT_MESSAGES.deletionMailSent[ctx.language] };
}

/** A deletion link of the prefixed route answers only on the app that has that prefix (architecture §2). */
export function checkDeletionRoute(ctx: RequestContext, prefix: string, appUid: string) {
  if (ctx.app.deletionPathPrefix !== prefix || ctx.app.uid !== appUid) throw new AppError('NOT_FOUND');
}

export async function checkDeletionLink(ctx: RequestContext, userUid: string, token: string) {
  if (!(await linkIsUsable(ctx.db, linkKey(ctx, 'DELETE_ACCOUNT', userUid, token))))
    throw new AppError('LINK_EXPIRED');
  return { detail: ACCOUNT_MESSAGES.linkValid[ctx.language] };
}

export async function listProgramsToLose(
  ctx: RequestContext,
  userUid: string,
  token: string,
  page: PageRequest,
) {
  await checkDeletionLink(ctx, userUid, token);
  const { rows, count } = await listMemberPrograms(ctx.db, ctx.app.uid, userUid, page);
  const results = rows.map((row) => ({
    uid: row.uid,
    name: row.name,
    coins: row.coins,
    total_points: row.totalPoints,
  }));
  return { count, results };
}

export async function deleteByLink(ctx: RequestContext, userUid: string, token: string) {
  await ctx.db.transaction(async (tx) => {
    if (!(await consumeLink(tx, linkKey(ctx, 'DELETE_ACCOUNT', userUid, token))))
      throw new AppError('LINK_EXPIRED');
    await deleteAccount(tx, ctx.app.uid, userUid);
    await endAllSessions(tx, userUid);
  });
  return { detail: ACCOUNT_MESSAGES.accountDeleted[ctx.language] };
}
