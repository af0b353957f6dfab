import type { TenantApp } from '@storefront/contracts/tenant-file';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Transaction } from './client.ts';
import {
  events,
  giftCards,
  ledgerEntries,
  memberships,
  pollOptions,
  pollQuestions,
  polls,
  programAds,
  programLevels,
  programSections,
  programs,
  promotions,
  raffles,
} from './schema/loyalty.ts';
import { companies } from './schema/tenancy.ts';
import { users } from './schema/users.ts';
import { TenantFileError, type TenantFileIssue } from './tenant-import.ts';

const date = (value: string | undefined) => (value ? new Date(value) : null);
const cents = (amount: string) => Math.round(Number(amount) * 100);

/**
 * The loyalty part of an app: programs with levels, sections, ads, promotions, raffles and polls;
 * company events; gift cards; and, with the demo accounts, the demo members' opening balances.
 */
export async function importLoyalty(
  tx: Transaction,
  app: TenantApp,
  appIndex: number,
  options: { includeDemoUsers: boolean },
): Promise<void> {
  await checkLoyaltyOwnership(tx, app, appIndex);
  for (const [position, program] of app.programs.entries()) {
    const row = {
      uid: program.uid,
      appUid: app.uid,
      companyUid: program.company,
      name: program.name,
      description: program.description,
      image: program.image ?? null,
      stampsRequired: program.stamps_required,
      stampReward: program.stamp_reward,
      coinsPerSol: program.coins_per_sol,
      pointsPerSol: program.points_per_sol,
      allowsManualPoints: program.allows_manual_points,
      coinExpiryDays: program.coin_expiry_days ?? null,
      pointExpiryDays: program.point_expiry_days ?? null,
      position,
    };
    const { uid: _u, appUid: _a, ...update } = row;
    await tx.insert(programs).values(row).onConflictDoUpdate({ target: programs.uid, set: update });

    // Levels, sections and ads hold no member data: the file's list replaces them.
    await tx.delete(programLevels).where(eq(programLevels.programUid, program.uid));
    if (program.levels.length > 0) {
      await tx.insert(programLevels).values(
        program.levels.map((level, i) => ({
          uid: level.uid,
          programUid: program.uid,
          name: level.name,
          minPoints: level.min_points,
          position: i,
        })),
      );
    }
    await tx.delete(programSections).where(eq(programSections.programUid, program.uid));
    if (program.sections.length > 0) {
      await tx.insert(programSections).values(
        program.sections.map((section, i) => ({
          uid: section.uid,
          programUid: program.uid,
          type: section.type,
          title: section.title,
          description: section.description,
          image: section.image ?? null,
          isActive: section.is_active,
          position: i,
        })),
      );
    }
    await tx.delete(programAds).where(eq(programAds.programUid, program.uid));
    if (program.ads.length > 0) {
      await tx.insert(programAds).values(
        program.ads.map((ad, i) => ({
          uid: ad.uid,
          programUid: program.uid,
          title: ad.title,
          description: ad.description,
          image: ad.image ?? null,
          link: ad.link ?? null,
          isActive: ad.is_active,
          position: i,
        })),
      );
    }

    for (const [i, promotion] of program.promotions.entries()) {
      const promotionRow = {
        uid: promotion.uid,
        programUid: program.uid,
        title: promotion.title,
        description: promotion.description,
        image: promotion.image ?? null,
        rateDiscount: promotion.rate_discount,
        coinPrice: promotion.coin_price,
        validFrom: date(promotion.valid_from),
        validUntil: date(promotion.valid_until),
        stock: promotion.stock ?? null,
        perMemberLimit: promotion.per_member_limit ?? null,
        levelUids: promotion.levels,
        tagged: promotion.tagged,
        placeUids: promotion.places,
        position: i,
      };
      // Stock is a counter that redemptions consume: the file sets it when the promotion is created.
      const { uid: _p, stock: _s, ...promotionUpdate } = promotionRow;
      await tx
        .insert(promotions)
        .values(promotionRow)
        .onConflictDoUpdate({ target: promotions.uid, set: promotionUpdate });
    }

    for (const raffle of program.raffles) {
      const raffleRow = {
        uid: raffle.uid,
        programUid: program.uid,
        title: raffle.title,
        description: raffle.description,
        image: raffle.image ?? null,
        terms: raffle.terms,
        prize: raffle.prize,
        startsAt: date(raffle.starts_at),
        endsAt: date(raffle.ends_at),
        drawDate: raffle.draw_date ?? null,
        fields: raffle.fields,
      };
      const { uid: _r, ...raffleUpdate } = raffleRow;
      await tx
        .insert(raffles)
        .values(raffleRow)
        .onConflictDoUpdate({ target: raffles.uid, set: raffleUpdate });
    }

    for (const [i, poll] of program.polls.entries()) {
      const pollRow = {
        uid: poll.uid,
        programUid: program.uid,
        title: poll.title,
        description: poll.description,
        image: poll.image ?? null,
        validUntil: date(poll.valid_until),
        position: i,
      };
      const { uid: _q, ...pollUpdate } = pollRow;
      await tx.insert(polls).values(pollRow).onConflictDoUpdate({ target: polls.uid, set: pollUpdate });
      for (const [q, question] of poll.questions.entries()) {
        const questionRow = {
          uid: question.uid,
          pollUid: poll.uid,
          text: question.text,
          type: question.type,
          position: q,
        };
        await tx
          .insert(pollQuestions)
          .values(questionRow)
          .onConflictDoUpdate({
            target: pollQuestions.uid,
            set: { text: question.text, type: question.type, position: q },
          });
        for (const [o, option] of question.options.entries()) {
          await tx
            .insert(pollOptions)
            .values({ uid: option.uid, questionUid: question.uid, text: option.text, position: o })
            .onConflictDoUpdate({ target: pollOptions.uid, set: { text: option.text, position: o } });
        }
      }
    }
  }

  for (const event of app.events) {
    const eventRow = {
      uid: event.uid,
      companyUid: event.company,
      title: event.title,
      description: event.description,
      image: event.image ?? null,
      startDate: event.start_date,
      startTime: event.start_time ?? null,
      endDate: event.end_date ?? null,
      endTime: event.end_time ?? null,
      location: event.location,
      link: event.link ?? null,
    };
    const { uid: _e, ...eventUpdate } = eventRow;
    await tx.insert(events).values(eventRow).onConflictDoUpdate({ target: events.uid, set: eventUpdate });
  }

  for (const card of app.gift_cards) {
    // A card already loaded keeps its state.
    await tx
      .insert(giftCards)
      .values({
        uid: card.uid,
        appUid: app.uid,
        programUid: card.program,
        code: card.code.toUpperCase(),
        balanceCents: cents(card.amount),
      })
      .onConflictDoNothing();
  }

  if (options.includeDemoUsers) await importMemberBalances(tx, app);
}

/**
 * Demo members' opening balances, written as ledger credits (the same shape the ledger service
 * writes), only when the membership is new: a re-import never doubles them.
 */
async function importMemberBalances(tx: Transaction, app: TenantApp): Promise<void> {
  for (const member of app.loyalty_members) {
    const [user] = await tx
      .select({ uid: users.uid })
      .from(users)
      .where(
        and(
          eq(users.appUid, app.uid),
          sql`lower(${users.email}) = ${member.email.toLowerCase()}`,
          sql`${users.deletedAt} is null`,
        ),
      );
    if (!user) continue;
    const [created] = await tx
      .insert(memberships)
      .values({
        appUid: app.uid,
        userUid: user.uid,
        programUid: member.program,
        coins: member.coins,
        totalPoints: member.points,
        stamps: member.stamps,
      })
      .onConflictDoNothing({ target: [memberships.userUid, memberships.programUid] })
      .returning({ uid: memberships.uid });
    if (!created) continue;
    const credits = [
      { kind: 'coins', amount: member.coins },
      { kind: 'points', amount: member.points },
      { kind: 'stamps', amount: member.stamps },
    ].filter((credit) => credit.amount > 0);
    if (credits.length === 0) continue;
    await tx.insert(ledgerEntries).values(
      credits.map((credit) => ({
        membershipUid: created.uid,
        kind: credit.kind,
        amount: credit.amount,
        reason: 'OPENING_BALANCE',
        remaining: credit.amount,
      })),
    );
  }
}

/** A program, promotion, raffle, poll, event or gift card uid owned by another app is refused. */
async function checkLoyaltyOwnership(tx: Transaction, app: TenantApp, appIndex: number): Promise<void> {
  const issues: TenantFileIssue[] = [];
  const at = `apps[${appIndex}]`;
  const owned = async (
    uids: string[],
    path: string,
    query: (uids: string[]) => Promise<{ uid: string }[]>,
  ) => {
    if (uids.length === 0) return;
    for (const row of await query(uids))
      issues.push({ path, message: `uid ${row.uid} belongs to another app` });
  };
  const foreignByProgram = (table: typeof promotions | typeof raffles | typeof polls) => (uids: string[]) =>
    tx
      .select({ uid: table.uid })
      .from(table)
      .innerJoin(programs, eq(programs.uid, table.programUid))
      .where(and(inArray(table.uid, uids), ne(programs.appUid, app.uid)));
  await owned(
    app.programs.map((p) => p.uid),
    `${at}.programs`,
    (uids) =>
      tx
        .select({ uid: programs.uid })
        .from(programs)
        .where(and(inArray(programs.uid, uids), ne(programs.appUid, app.uid))),
  );
  const children = (key: 'promotions' | 'raffles' | 'polls') =>
    app.programs.flatMap((p) => p[key].map((c) => c.uid));
  await owned(children('promotions'), `${at}.programs.promotions`, foreignByProgram(promotions));
  await owned(children('raffles'), `${at}.programs.raffles`, foreignByProgram(raffles));
  await owned(children('polls'), `${at}.programs.polls`, foreignByProgram(polls));
  await owned(
    app.events.map((e) => e.uid),
    `${at}.events`,
    (uids) =>
      tx
        .select({ uid: events.uid })
        .from(events)
        .innerJoin(companies, eq(companies.uid, events.companyUid))
        .where(and(inArray(events.uid, uids), ne(companies.appUid, app.uid))),
  );
  await owned(
    app.gift_cards.map((g) => g.uid),
    `${at}.gift_cards`,
    (uids) =>
      tx
        .select({ uid: giftCards.uid })
        .from(giftCards)
        .where(and(inArray(giftCards.uid, uids), ne(giftCards.appUid, app.uid))),
  );
  if (issues.length > 0) throw new TenantFileError(issues);
}
