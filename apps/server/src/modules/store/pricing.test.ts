/** The pricing rules on their own: no database, no HTTP. */
import { Code, COURSE_LIMITS } from '@studio/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors.ts';
import {
  couponDiscount,
  isPaidCourse,
  assertBuyable,
  buyability,
  linesTotal,
  needsPayment,
  noDiscount,
  priceFor,
  sumCents,
  type BuyingTeam,
  type Discount,
  type SaleCourse,
} from './pricing.ts';

const SELLER = 1;
const BUYER = 2;
const course = (courseId: number, price: number, teamId = SELLER): SaleCourse => ({
  courseId,
  teamId,
  release: { price },
});
const team = (owned: number[] = []): BuyingTeam => ({ teamId: BUYER, owned: new Set(owned) });

/** The code assertBuyable throws, or null when it does not throw. */
function refusalOf(run: () => void): number | null {
  try {
    run();
    return null;
  } catch (err) {
    expect(err).toBeInstanceOf(AppError);
    return (err as AppError).code;
  }
}

describe('buyability', () => {
  it("refuses the team's own course", () => {
    expect(buyability(course(10, 990, BUYER), team())).toEqual({
      buyable: false,
      code: Code.OWN_TEAM_COURSE,
    });
  });

  it('refuses a course the team owns already', () => {
    expect(buyability(course(10, 990), team([10]))).toEqual({ buyable: false, code: Code.ALREADY_OWNED });
  });

  it('refuses a course that is not released (none on sale by that id)', () => {
    expect(buyability(undefined, team())).toEqual({ buyable: false, code: Code.COURSE_NOT_FOR_SALE });
  });

  it("allows another team's released course, free or paid, that the team does not own", () => {
    expect(buyability(course(10, 990), team([11]))).toEqual({ buyable: true });
    expect(buyability(course(12, 0), team())).toEqual({ buyable: true });
  });

  it('refuses a basket with the first rule any course breaks, in rule order', () => {
    const own = course(20, 100, BUYER);
    const owned = course(21, 100);
    const fine = course(22, 100);
    const buyer = team([21]);
    expect(refusalOf(() => assertBuyable([fine], buyer))).toBeNull();
    expect(refusalOf(() => assertBuyable([fine, owned, own, undefined], buyer))).toBe(
      Code.COURSE_NOT_FOR_SALE,
    );
    expect(refusalOf(() => assertBuyable([owned, own, fine], buyer))).toBe(Code.OWN_TEAM_COURSE);
    expect(refusalOf(() => assertBuyable([fine, owned], buyer))).toBe(Code.ALREADY_OWNED);
  });
});

describe('prices and totals', () => {
  it("prices a course at its latest release's price: no discount exists today", () => {
    expect(priceFor(course(1, 2990), team())).toBe(2990);
    expect(noDiscount(course(1, 2990), team())).toBe(0);
  });

  it('keeps a discount between nothing off and the whole list price', () => {
    const off =
      (amount: number): Discount =>
      () =>
        amount;
    expect(priceFor(course(1, 2990), team(), off(1000))).toBe(1990);
    expect(priceFor(course(1, 2990), team(), off(5000))).toBe(0);
    expect(priceFor(course(1, 2990), team(), off(-500))).toBe(2990);
  });

  it('makes a free course cost nothing, and an order of free courses needs no payment', () => {
    const free = [course(1, 0), course(2, 0)].map((c) => ({ price: priceFor(c, team()) }));
    expect(linesTotal(free)).toBe(0);
    expect(needsPayment(linesTotal(free))).toBe(false);
    expect(needsPayment(linesTotal([...free, { price: 1 }]))).toBe(true);
  });

  it('adds totals in whole fen, with no float drift', () => {
    // 0.1 + 0.2 yuan would be 0.30000000000000004; in fen it is 10 + 20.
    expect(linesTotal([{ price: 10 }, { price: 20 }])).toBe(30);
    expect(linesTotal(Array.from({ length: 1000 }, () => ({ price: 1990 })))).toBe(1_990_000);
    expect(() => linesTotal([{ price: 19.9 }])).toThrow();
    expect(() => priceFor(course(1, 0.1), team())).toThrow();
    expect(() => sumCents([Number.MAX_SAFE_INTEGER, 1])).toThrow();
  });

  it('totals any basket exactly, whatever the order of its lines', () => {
    const price = fc.integer({ min: 0, max: COURSE_LIMITS.priceMaxFen });
    fc.assert(
      fc.property(fc.array(price, { maxLength: 200 }), (prices) => {
        const exact = prices.reduce((sum, p) => sum + BigInt(p), 0n);
        const lines = prices.map((p) => ({ price: p }));
        expect(BigInt(linesTotal(lines))).toBe(exact);
        expect(linesTotal([...lines].reverse())).toBe(linesTotal(lines));
      }),
    );
  });
});

describe('paid courses', () => {
  it('a price on the draft or on the latest release makes a course paid', () => {
    expect(isPaidCourse(null, null)).toBe(false);
    expect(isPaidCourse(0, 0)).toBe(false);
    expect(isPaidCourse(4990, null)).toBe(true);
    // Sold at the release's price even after the draft was set back to free.
    expect(isPaidCourse(0, 4990)).toBe(true);
  });
});

describe('couponDiscount', () => {
  const terms = (over: Partial<Parameters<typeof couponDiscount>[0]> = {}) => ({
    teamId: SELLER,
    kind: 'amount' as const,
    value: 1000,
    minOrder: 0,
    courseIds: null,
    ...over,
  });
  const total = (m: Map<number, number>) => sumCents(m.values());

  it('shares a fixed amount by price, the rounding to the dearest, never more than a line costs', () => {
    const off = couponDiscount(terms({ value: 1000 }), [
      course(1, 3333),
      course(2, 6667),
      course(3, 5000, 9),
    ]);
    expect(total(off)).toBe(1000);
    expect(off.get(1)! + off.get(2)!).toBe(1000);
    expect(off.has(3)).toBe(false);
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 100_000 }), { minLength: 1, maxLength: 6 }),
        fc.integer({ min: 1, max: 1_000_000 }),
        (prices, value) => {
          const courses = prices.map((p, i) => course(i + 1, p));
          const off = couponDiscount(terms({ value }), courses);
          const list = sumCents(prices);
          for (const c of courses) expect(off.get(c.courseId)!).toBeLessThanOrEqual(c.release.price);
          // Exactly the amount (or all but one fen of the order), never a free order by accident.
          expect(total(off)).toBe(Math.min(value, list - 1));
        },
      ),
    );
  });

  it('takes a percentage of each line (rounded down); only 100% makes the order free', () => {
    expect(
      total(couponDiscount(terms({ kind: 'percent', value: 15 }), [course(1, 999), course(2, 1001)])),
    ).toBe(149 + 150);
    expect(total(couponDiscount(terms({ kind: 'percent', value: 100 }), [course(1, 999)]))).toBe(999);
  });

  it('applies to the courses it names once they reach its minimum', () => {
    const refusal = (run: () => unknown) => {
      try {
        run();
        return null;
      } catch (err) {
        return (err as AppError).code;
      }
    };
    expect(refusal(() => couponDiscount(terms({ courseIds: [7] }), [course(1, 100)]))).toBe(
      Code.COUPON_NOT_APPLICABLE,
    );
    expect(
      refusal(() => couponDiscount(terms({ minOrder: 5000 }), [course(1, 4999), course(2, 9000, 9)])),
    ).toBe(Code.COUPON_MIN_ORDER);
  });
});
