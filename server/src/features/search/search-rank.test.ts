import { describe, expect, it } from 'vitest';
import { phraseRank, RANK_PHRASE, RANK_PHRASE_INSIDE } from './search-rank';
import { A, B, harness, user, uuid } from './search-test-harness';

/** A session id per number, and a prompt dated by it (a higher number is more recently updated). */
const sessionOf = (n: number): string => `00000000-0000-4000-9000-${String(n).padStart(12, '0')}`;
const dated = (n: number, text: string) => ({ ...user(sessionOf(n), text), timestamp: `2026-01-02T00:${String(Math.floor(n / 60)).padStart(2, '0')}:${String(n % 60).padStart(2, '0')}.000Z` });
const toolUse = (sessionId: string, name: string, input: object, id = uuid()) => ({
  parentUuid: null, isSidechain: false, type: 'assistant', uuid: id, timestamp: '2026-01-02T00:00:01.000Z', cwd: '/w', sessionId,
  message: { role: 'assistant', model: 'm', content: [{ type: 'tool_use', id: `toolu_${id.slice(-4)}`, name, input }] },
});

describe('search ranking (issue 28.4)', () => {
  it('ranks the message holding the whole text first, then the text inside longer words, then every word by recency', async () => {
    const h = harness();
    for (let n = 1; n <= 25; n++) h.append(sessionOf(n), [dated(n, `Filler session number ${n}`)]);
    h.append(sessionOf(170), [dated(170, 'Filler session number 170')]);
    h.append(sessionOf(171), [dated(171, 'number 17 of the Filler session')]);
    await h.sync();
    const response = h.search('Filler session number 17');
    expect(response.results.map((r) => r.sessionId)).toEqual([sessionOf(17), sessionOf(170), sessionOf(171)]);
    expect(response.results[0]).toMatchObject({ matchedIn: 'message', hits: [{ matchedIn: 'message', role: 'user' }] });
    expect(response.total).toBe(3);
  });

  it('narrows the matches by a short word next to longer ones', async () => {
    const h = harness();
    for (let n = 1; n <= 25; n++) h.append(sessionOf(n), [dated(n, `Filler session number ${n}`)]);
    await h.sync();
    expect(h.found('Filler 17')).toEqual([sessionOf(17)]);
    expect(h.found('session 2 number').sort()).toEqual([2, 12, 20, 21, 22, 23, 24, 25].map(sessionOf).sort());
    expect(h.search('Filler 17').results[0]?.hits[0]?.snippet.filter((p) => p.match).map((p) => p.text)).toEqual(['Filler', '17']);
  });

  it('finds a session by its custom name and says so', async () => {
    const h = harness();
    h.append(A, [user(A, 'fix the invoices page')]);
    h.append(B, [user(B, 'something newer about billing')]);
    await h.sync();
    h.db.prepare("INSERT INTO session_info (session_id, custom_name, created_at, updated_at) VALUES (?, 'Quarterly billing cleanup', '', '')").run(A);
    const response = h.search('billing cleanup');
    expect(response.results).toHaveLength(1);
    expect(response.results[0]).toMatchObject({ sessionId: A, summary: 'Quarterly billing cleanup', matchedIn: 'name', hits: [], hitCount: 0 });
    // The name holding the whole text outranks a newer message holding one word.
    expect(h.found('billing')).toEqual([A, B]);
  });

  it('finds a command, an edit\'s new text and a file path by their text, and says it was a tool input', async () => {
    const h = harness();
    const bash = uuid();
    h.append(A, [user(A, 'deploy it'), toolUse(A, 'Bash', { command: 'npm run deploy-staging --force', description: 'Deploy' }, bash)]);
    h.append(B, [user(B, 'rename it'), toolUse(B, 'Edit', { file_path: '/w/src/ledger-table.ts', old_string: 'oldName', new_string: 'const reconciledTotal = 0;' })]);
    await h.sync();
    expect(h.search('deploy-staging').results).toMatchObject([{ sessionId: A, matchedIn: 'tool_input', hits: [{ uuid: bash, role: 'assistant', matchedIn: 'tool_input' }] }]);
    expect(h.found('reconciledTotal')).toEqual([B]);
    expect(h.found('ledger-table.ts')).toEqual([B]);
    expect(h.found('oldName')).toEqual([]);
  });

  it('says a match was in a tool result', async () => {
    const h = harness();
    h.append(A, [user(A, [{ type: 'tool_result', tool_use_id: 'toolu_1', content: 'exit code 3: segfault in worker' }])]);
    await h.sync();
    expect(h.search('segfault').results[0]).toMatchObject({ matchedIn: 'tool_result', hits: [{ role: 'tool', matchedIn: 'tool_result' }] });
  });

  it('tells a whole phrase on word boundaries from one inside longer words', () => {
    expect(phraseRank('Filler session number 17.', 'number 17')).toBe(RANK_PHRASE);
    expect(phraseRank('number 170 then NUMBER 17', 'number 17')).toBe(RANK_PHRASE);
    expect(phraseRank('Filler session number 170', 'number 17')).toBe(RANK_PHRASE_INSIDE);
    expect(phraseRank('see foo.bar()', '.bar(')).toBe(RANK_PHRASE);
  });
});
