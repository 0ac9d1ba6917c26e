import { describe, expect, it } from 'vitest';
import { formatCost, formatTokens, rowUsage } from './usage-format';

describe('usage figures', () => {
  it('abbreviates tokens and rounds costs', () => {
    expect([0, 999, 1000, 12_345, 999_949, 999_950, 1_250_000].map(formatTokens)).toEqual(['0', '999', '1k', '12.3k', '999.9k', '1M', '1.3M']);
    expect([0, 0.004, 0.0412, 12.3].map((usd) => formatCost(usd))).toEqual(['$0.00', '<$0.01', '$0.04', '$12.30']);
    expect(formatCost(0.0412, true)).toBe('~$0.04');
  });
});

describe('usage in a list row', () => {
  const usage = { inputTokens: 12_000, outputTokens: 345, cacheCreationTokens: 0, cacheReadTokens: 0 };
  it('is the cost with the tokens as its title, the tokens alone without a cost, and nothing without usage', () => {
    expect(rowUsage({ ...usage, costUsd: 0.0412 })).toEqual({ text: '$0.04', title: '12.3k tokens · $0.04' });
    expect(rowUsage({ ...usage, costUsd: 0.0412, costIsEstimate: true })).toEqual({ text: '~$0.04', title: '12.3k tokens · ~$0.04 (estimate)' });
    expect(rowUsage(usage)).toEqual({ text: '12.3k tokens', title: '12.3k tokens' });
    expect(rowUsage({ inputTokens: 0, outputTokens: 0, cacheCreationTokens: 0, cacheReadTokens: 0 })).toBeUndefined();
    expect(rowUsage(undefined)).toBeUndefined();
  });
});
