/**
 * Pricing: the one home of what a course costs a buying team, what a basket adds up to, and whether
 * a team may buy a course at all. The cart, checkout and the sales figures call these functions;
 * none of them adds prices or checks ownership on its own. Pure: callers load the rows.
 */
import { Code, type CouponKind, fenToYuanText } from '@studio/contract';
import { AppError } from '../../platform/errors.ts';

/** An amount of money in fen (分, cents): a safe integer, never a float. */
export type Cents = number;

/** A course on sale as pricing sees it: its selling team and the price of its latest release. */
export type SaleCourse = { courseId: number; teamId: number; release: { price: Cents } };

/** The team that would buy, with the courses it holds an entitlement to. */
export type BuyingTeam = { teamId: number; owned: ReadonlySet<number> };

/**
 * How much less a team pays for one course, in fen. The hook where coupons plug in: checkout takes
 * one (default `noDiscount`; `couponDiscount` for a coupon), and `priceFor` keeps any discount
 * between 0 and the list price.
 */
export type Discount = (course: SaleCourse, team: BuyingTeam) => Cents;

/** No reduction. */
export const noDiscount: Discount = () => 0;

function cents(amount: Cents): Cents {
  if (!Number.isSafeInteger(amount)) throw new Error(`not an amount in fen: ${amount}`);
  return amount;
}

/** Adds amounts in fen exactly; a fractional amount is a bug upstream and throws. */
export function sumCents(amounts: Iterable<Cents>): Cents {
  let total = 0;
  for (const amount of amounts) total = cents(total + cents(amount));
  return total;
}

/** What this team pays for this course: the latest release's price less the discount. */
export function priceFor(course: SaleCourse, team: BuyingTeam, discount: Discount = noDiscount): Cents {
  const list = cents(course.release.price);
  const off = Math.min(Math.max(cents(discount(course, team)), 0), list);
  return list - off;
}

/** One line's price, kept on the order item: the order total and the sales figures add these. */
export type PricedLine = { price: Cents };

/** The total of an order, a cart selection or a sales figure: the sum of its lines' prices. */
export const linesTotal = (lines: Iterable<PricedLine>): Cents =>
  sumCents(Array.from(lines, (line) => line.price));

/**
 * Whether a course is sold for money: a price on its draft or on its latest release (it is sold at
 * the release's price even when the draft now says 0). A share of a paid course shows its free-preview
 * lessons only and can never be copied.
 */
export const isPaidCourse = (draftPrice: Cents | null, releasePrice: Cents | null): boolean =>
  (draftPrice ?? 0) > 0 || (releasePrice ?? 0) > 0;

/** A free order (total 0) is paid the moment it is placed; anything else goes to the payment provider. */
export const needsPayment = (total: Cents): boolean => cents(total) > 0;

/** The reasons a team may not buy a course, as the business codes the API answers with. */
export type Refusal =
  typeof Code.COURSE_NOT_FOR_SALE | typeof Code.OWN_TEAM_COURSE | typeof Code.ALREADY_OWNED;

/** The order the rules are checked in: the first one a course breaks is the reason given. */
const RULES: readonly Refusal[] = [Code.COURSE_NOT_FOR_SALE, Code.OWN_TEAM_COURSE, Code.ALREADY_OWNED];

export type Buyability = { buyable: true } | { buyable: false; code: Refusal };

/**
 * Whether the team may buy the course: it must be released (`undefined`: no released course by that
 * id), belong to another team, and not be owned by the team already. A free course is buyable.
 */
export function buyability(course: Omit<SaleCourse, 'release'> | undefined, team: BuyingTeam): Buyability {
  if (!course) return { buyable: false, code: Code.COURSE_NOT_FOR_SALE };
  if (course.teamId === team.teamId) return { buyable: false, code: Code.OWN_TEAM_COURSE };
  if (team.owned.has(course.courseId)) return { buyable: false, code: Code.ALREADY_OWNED };
  return { buyable: true };
}

/**
 * Every course of a basket must be buyable; when some are not, throws the refusal that comes first in
 * rule order (an unreleased course before one of the team's own, before one it owns already).
 */
export function assertBuyable(courses: (Omit<SaleCourse, 'release'> | undefined)[], team: BuyingTeam): void {
  const refused = new Set<Refusal>();
  for (const course of courses) {
    const verdict = buyability(course, team);
    if (!verdict.buyable) refused.add(verdict.code);
  }
  const first = RULES.find((code) => refused.has(code));
  if (first !== undefined) throw new AppError(first);
}

/** A coupon's terms as pricing sees them (its validity and limits are the coupon service's). */
export type CouponTerms = {
  teamId: number;
  kind: CouponKind;
  /** Fen off (`amount`) or percent off (`percent`). */
  value: number;
  minOrder: Cents;
  /** Null: every course of the seller team. */
  courseIds: readonly number[] | null;
};

const appliesTo = (terms: CouponTerms, course: SaleCourse) =>
  course.teamId === terms.teamId && (terms.courseIds === null || terms.courseIds.includes(course.courseId));

/**
 * What a coupon takes off each course of one order, in fen, by course id. It applies to the seller
 * team's courses it names (40026 when none is in the order), once they add up to its minimum (40025);
 * a fixed amount is shared between them in proportion to their prices (the rounding left to the
 * dearest). The order never comes to less than 0.01 yuan, except under a 100% coupon, which makes it
 * free. Each line's discount is kept on its order item, so totals and sales add what was paid.
 */
export function couponDiscount(terms: CouponTerms, courses: readonly SaleCourse[]): Map<number, Cents> {
  const eligible = courses
    .filter((c) => appliesTo(terms, c))
    .sort((a, b) => b.release.price - a.release.price);
  if (eligible.length === 0) throw new AppError(Code.COUPON_NOT_APPLICABLE);
  const subtotal = sumCents(eligible.map((c) => c.release.price));
  if (subtotal < terms.minOrder) {
    throw new AppError(Code.COUPON_MIN_ORDER, { params: { minYuan: fenToYuanText(terms.minOrder) } });
  }
  const off = new Map<number, Cents>();
  if (terms.kind === 'percent') {
    for (const c of eligible) off.set(c.courseId, Math.floor((c.release.price * terms.value) / 100));
  } else {
    const whole = Math.min(terms.value, subtotal);
    let left = whole;
    for (const c of eligible) {
      const share = subtotal === 0 ? 0 : Math.floor((whole * c.release.price) / subtotal);
      off.set(c.courseId, share);
      left -= share;
    }
    for (const c of eligible) {
      if (left === 0) break;
      const room = c.release.price - off.get(c.courseId)!;
      const more = Math.min(room, left);
      off.set(c.courseId, off.get(c.courseId)! + more);
      left -= more;
    }
  }
  const listTotal = sumCents(courses.map((c) => c.release.price));
  const offTotal = sumCents(off.values());
  const free = terms.kind === 'percent' && terms.value === 100;
  if (!free && listTotal > 0 && listTotal - offTotal < 1) {
    // One fen back on the dearest discounted course: a payment is never of 0 yuan unless meant so.
    const first = eligible.find((c) => off.get(c.courseId)! > 0)!;
    off.set(first.courseId, off.get(first.courseId)! - 1);
  }
  return off;
}

/** The per-course discounts above as the `Discount` hook `priceFor` takes. */
export const discountOf =
  (off: ReadonlyMap<number, Cents>): Discount =>
  (course) =>
    off.get(course.courseId) ?? 0;
