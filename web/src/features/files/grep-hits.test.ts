import { describe, expect, it } from 'vitest';
import { grepHits } from './GrepHits';

describe("a Grep's hits as links", () => {
  it('reads content and files modes, one link per absolute file and line', () => {
    expect(grepHits('/w/a.ts:3:const a\n/w/a.ts:3:const a\n/w/b.ts:10-ctx\nNo matches found\nrelative.ts:1:x')).toEqual([
      { file: '/w/a.ts', line: 3 },
      { file: '/w/b.ts', line: 10 },
    ]);
    expect(grepHits('/w/a.ts\n/w/dir/b.ts\n')).toEqual([{ file: '/w/a.ts' }, { file: '/w/dir/b.ts' }]);
  });
});
