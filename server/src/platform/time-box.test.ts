import { describe, expect, it } from 'vitest';
import { repeatTimeBoxed, runTimeBoxed, yieldToEventLoop, type TimeBox } from './time-box';

/** A clock that only moves when told to: each item "costs" what the test says. */
function fakeBox(budgetMs: number): TimeBox & { advance: (ms: number) => void } {
  let now = 0;
  return { budgetMs, now: () => now, between: yieldToEventLoop, advance: (ms) => (now += ms) };
}

describe('runTimeBoxed', () => {
  it('stops once the slice has spent its time box and the next slice resumes where it stopped', () => {
    const box = fakeBox(10);
    const items = Array.from({ length: 10 }, (_, i) => i);
    const applied: number[] = [];
    const each = (item: number): void => {
      applied.push(item);
      box.advance(4);
    };
    expect(runTimeBoxed(items, 0, box, each)).toBe(3); // 4 + 4 < 10, the third reaches 12
    expect(applied).toEqual([0, 1, 2]);
    expect(runTimeBoxed(items, 3, box, each)).toBe(6);
    expect(runTimeBoxed(items, 6, box, each)).toBe(9);
    expect(runTimeBoxed(items, 9, box, each)).toBe(10);
    expect(applied).toEqual(items);
  });

  it('applies at least one item per slice, even one that alone outlasts the box', () => {
    const box = fakeBox(5);
    const applied: string[] = [];
    const end = runTimeBoxed(['big', 'small'], 0, box, (item) => {
      applied.push(item);
      box.advance(item === 'big' ? 50 : 1);
    });
    expect(end).toBe(1);
    expect(applied).toEqual(['big']);
  });

  it('applies everything in one slice while time remains, and nothing past the end', () => {
    const box = fakeBox(100);
    const applied: number[] = [];
    expect(runTimeBoxed([1, 2, 3], 0, box, (item) => applied.push(item))).toBe(3);
    expect(runTimeBoxed([1, 2, 3], 3, box, (item) => applied.push(item))).toBe(3);
    expect(applied).toEqual([1, 2, 3]);
  });
});

describe('repeatTimeBoxed', () => {
  it('repeats a step until the box is spent and says more remains; a later call carries on', () => {
    const box = fakeBox(10);
    let left = 7;
    const step = (): boolean => {
      if (left === 0) return false;
      left -= 1;
      box.advance(3);
      return true;
    };
    expect(repeatTimeBoxed(box, step)).toBe(true); // 3, 6, 9, 12: four steps
    expect(left).toBe(3);
    expect(repeatTimeBoxed(box, step)).toBe(false); // three steps, then the fourth finds nothing left
    expect(left).toBe(0);
  });
});
