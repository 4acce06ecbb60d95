/**
 * Pricing: the one home of what a course costs a buying team, what a basket adds up to, and whether
 * a team may buy a course at all. The cart, checkout and the sales figures call these functions;
 * none of them adds prices or checks ownership on its own. Pure: callers load the rows.
 */
import { Code } from '@studio/contract';
import { AppError } from '../../platform/errors.ts';

/** An amount of money in fen (分, cents): a safe integer, never a float. */
export type Cents = number;

/** A course on sale as pricing sees it: its selling team and the price of its latest release. */
export type SaleCourse = { courseId: number; teamId: number; release: { price: Cents } };

/** The team that would buy, with the courses it holds an entitlement to. */
export type BuyingTeam = { teamId: number; owned: ReadonlySet<number> };

/**
 * How much less a team pays for one course, in fen. The hook where coupons plug in: checkout and the
 * cart take one (default `noDiscount`), and `priceFor` keeps any discount between 0 and the list price.
 */
export type Discount = (course: SaleCourse, team: BuyingTeam) => Cents;

/** No reduction: the only discount there is today. */
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
