import { z } from 'zod';
import { isoDate } from './validators.ts';

// The loyalty part of the tenant file (docs/tenant-file.md): programs with their levels, sections,
// ads, promotions, raffles and polls; company events; gift cards; demo members' opening balances.

const uid = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'uid: letters, digits, _ and - (at most 64)');
const text = (max: number) => z.string().max(max);
const imageUrl = z.string().max(2000);

export const tenantPromotionSchema = z.strictObject({
  uid,
  title: z.string().min(1).max(200),
  description: text(5000).default(''),
  image: imageUrl.optional(),
  rate_discount: z.number().int().min(0).max(100).default(0),
  coin_price: z.number().int().min(0).default(0),
  valid_from: z.iso.datetime({ offset: true }).optional(),
  valid_until: z.iso.datetime({ offset: true }).optional(),
  stock: z.number().int().min(0).optional(),
  per_member_limit: z.number().int().min(1).optional(),
  levels: z.array(uid).default([]),
  tagged: z.boolean().default(false),
  places: z.array(uid).default([]),
});

export const tenantPollSchema = z.strictObject({
  uid,
  title: z.string().min(1).max(200),
  description: text(5000).default(''),
  image: imageUrl.optional(),
  valid_until: z.iso.datetime({ offset: true }).optional(),
  questions: z
    .array(
      z.strictObject({
        uid,
        text: z.string().min(1).max(500),
        type: z.enum(['CHOICE', 'TEXT']).default('CHOICE'),
        options: z.array(z.strictObject({ uid, text: z.string().min(1).max(200) })).default([]),
      }),
    )
    .min(1),
});

export const tenantRaffleSchema = z.strictObject({
  uid,
  title: z.string().min(1).max(200),
  description: text(5000).default(''),
  image: imageUrl.optional(),
  terms: text(20_000).default(''),
  prize: text(500).default(''),
  starts_at: z.iso.datetime({ offset: true }).optional(),
  ends_at: z.iso.datetime({ offset: true }).optional(),
  draw_date: isoDate().optional(),
  fields: z
    .array(
      z.strictObject({
        name: z.string().regex(/^[a-z][a-z0-9_]{0,39}$/),
        label: z.string().min(1).max(200),
        required: z.boolean().default(true),
      }),
    )
    .default([]),
});

export const tenantProgramSchema = z.strictObject({
  uid,
  company: uid,
  name: z.string().min(1).max(200),
  description: text(5000).default(''),
  image: imageUrl.optional(),
  stamps_required: z.number().int().min(0).max(100).default(0),
  stamp_reward: text(500).default(''),
  coins_per_sol: z.number().int().min(0).default(1),
  points_per_sol: z.number().int().min(0).default(1),
  allows_manual_points: z.boolean().default(false),
  coin_expiry_days: z.number().int().min(1).optional(),
  point_expiry_days: z.number().int().min(1).optional(),
  levels: z
    .array(z.strictObject({ uid, name: z.string().min(1).max(100), min_points: z.number().int().min(0) }))
    .default([]),
  sections: z
    .array(
      z.strictObject({
        uid,
        type: z.enum(['LEVELS', 'STAMPS', 'PRODUCTS', 'PROMOTIONS', 'COINS', 'RAFFLES', 'POLLS', 'CUSTOM']),
        title: z.string().min(1).max(200),
        description: text(5000).default(''),
        image: imageUrl.optional(),
        is_active: z.boolean().default(true),
      }),
    )
    .default([]),
  ads: z
    .array(
      z.strictObject({
        uid,
        title: z.string().min(1).max(200),
        description: text(2000).default(''),
        image: imageUrl.optional(),
        link: z.string().max(2000).optional(),
        is_active: z.boolean().default(true),
      }),
    )
    .default([]),
  promotions: z.array(tenantPromotionSchema).default([]),
  raffles: z.array(tenantRaffleSchema).default([]),
  polls: z.array(tenantPollSchema).default([]),
});

export const tenantEventSchema = z.strictObject({
  uid,
  company: uid,
  title: z.string().min(1).max(200),
  description: text(5000).default(''),
  image: imageUrl.optional(),
  start_date: isoDate(),
  start_time: z.iso.time().optional(),
  end_date: isoDate().optional(),
  end_time: z.iso.time().optional(),
  location: text(500).default(''),
  link: z.string().max(2000).optional(),
});

export const tenantGiftCardSchema = z.strictObject({
  uid,
  program: uid,
  code: z.string().regex(/^[A-Za-z0-9-]{4,64}$/),
  /** Decimal string, e.g. "50.00". */
  amount: z.string().regex(/^\d{1,7}(\.\d{1,2})?$/),
});

/** A demo member's opening balances, loaded as ledger entries (only with the demo accounts). */
export const tenantLoyaltyMemberSchema = z.strictObject({
  email: z.email(),
  program: uid,
  coins: z.number().int().min(0).default(0),
  points: z.number().int().min(0).default(0),
  stamps: z.number().int().min(0).default(0),
});

export const tenantLoyaltySchema = {
  programs: z.array(tenantProgramSchema).default([]),
  events: z.array(tenantEventSchema).default([]),
  gift_cards: z.array(tenantGiftCardSchema).default([]),
  loyalty_members: z.array(tenantLoyaltyMemberSchema).default([]),
};

interface LoyaltyApp {
  companies: { uid: string; places: { uid: string }[] }[];
  users: { email: string }[];
  programs: z.infer<typeof tenantProgramSchema>[];
  events: z.infer<typeof tenantEventSchema>[];
  gift_cards: z.infer<typeof tenantGiftCardSchema>[];
  loyalty_members: z.infer<typeof tenantLoyaltyMemberSchema>[];
}

/** Cross-references of the loyalty part: companies, places, levels, programs and members must exist. */
export function refineLoyalty(
  app: LoyaltyApp,
  ctx: z.RefinementCtx,
  at: (...path: (string | number)[]) => (string | number)[],
) {
  const issue = (message: string, ...path: (string | number)[]) =>
    ctx.addIssue({ code: 'custom', path: at(...path), message });
  const companyPlaces = new Map(app.companies.map((c) => [c.uid, new Set(c.places.map((p) => p.uid))]));
  const programUids = new Set(app.programs.map((p) => p.uid));
  app.programs.forEach((program, p) => {
    const placeUids = companyPlaces.get(program.company);
    if (!placeUids) issue(`unknown company ${program.company}`, 'programs', p, 'company');
    const levels = new Set(program.levels.map((l) => l.uid));
    program.promotions.forEach((promotion, i) => {
      promotion.levels.forEach((level, l) => {
        if (!levels.has(level)) issue(`unknown level ${level}`, 'programs', p, 'promotions', i, 'levels', l);
      });
      promotion.places.forEach((place, l) => {
        if (!placeUids?.has(place))
          issue(
            `place ${place} is not a place of company ${program.company}`,
            'programs',
            p,
            'promotions',
            i,
            'places',
            l,
          );
      });
    });
    program.polls.forEach((poll, i) => {
      poll.questions.forEach((question, q) => {
        if (question.type === 'CHOICE' && question.options.length < 2)
          issue(
            'a CHOICE question needs two options or more',
            'programs',
            p,
            'polls',
            i,
            'questions',
            q,
            'options',
          );
      });
    });
  });
  app.events.forEach((event, e) => {
    if (!companyPlaces.has(event.company)) issue(`unknown company ${event.company}`, 'events', e, 'company');
  });
  app.gift_cards.forEach((card, g) => {
    if (!programUids.has(card.program)) issue(`unknown program ${card.program}`, 'gift_cards', g, 'program');
  });
  const emails = new Set(app.users.map((u) => u.email.toLowerCase()));
  app.loyalty_members.forEach((member, m) => {
    if (!programUids.has(member.program))
      issue(`unknown program ${member.program}`, 'loyalty_members', m, 'program');
    if (!emails.has(member.email.toLowerCase()))
      issue(`unknown user ${member.email}`, 'loyalty_members', m, 'email');
  });
}
