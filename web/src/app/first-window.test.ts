import { afterEach, describe, expect, it, vi } from 'vitest';
import { storeToken } from './auth-token';
import { conversationLoader, conversationShouldRevalidate } from './first-window';

const TOKEN = 'abcdef0123456789abcdef0123456789';
const SID = '11111111-2222-4333-8444-555555555555';

function loaderArgs(url: string): Parameters<typeof conversationLoader>[0] {
  return { params: { sessionId: SID }, request: new Request(url) };
}

function stubFetch() {
  const fetchMock = vi.fn<typeof fetch>(async (input) =>
    String(input).startsWith(`/api/conversations/${SID}`)
      ? Response.json({ messages: [], summary: null, projectPath: '/p', metadata: {} })
      : Response.json({ conversations: [], total: 0 }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
  document.cookie = 'cui-auth-token=; Max-Age=0; Path=/';
  window.location.hash = '';
});

describe('conversationLoader', () => {
  it("asks for the first window (reaching back to a search hit) and the list entry as the route is entered", () => {
    storeToken(TOKEN);
    const fetchMock = stubFetch();
    const data = conversationLoader(loaderArgs(`http://localhost/c/${SID}?message=aaaa`));
    expect(data.firstWindow?.take()).toBeInstanceOf(Promise);
    // Handed over once: a view mounted again later (after a new login) reads afresh.
    expect(data.firstWindow?.take()).toBeUndefined();
    const urls = fetchMock.mock.calls.map(([url]) => String(url));
    expect(urls).toHaveLength(2);
    expect(urls[0]).toMatch(new RegExp(`^/api/conversations/${SID}\\?`));
    expect(urls[0]).toContain('limit=200');
    expect(urls[0]).toContain('through=aaaa');
    expect(urls[1]).toContain(`sessionId=${SID}`);
  });

  it('asks nothing without a stored token, nor while a #token= waits for the auth gate (a 401 would log out)', () => {
    const fetchMock = stubFetch();
    expect(conversationLoader(loaderArgs(`http://localhost/c/${SID}`))).toEqual({});
    storeToken(TOKEN);
    window.location.hash = `#token=${TOKEN}`;
    expect(conversationLoader(loaderArgs(`http://localhost/c/${SID}`))).toEqual({});
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('is not run again for a navigation to the address shown, and is for another session or search hit', () => {
    const at = (path: string) => new URL(`http://localhost${path}`);
    expect(conversationShouldRevalidate({ currentUrl: at(`/c/${SID}`), nextUrl: at(`/c/${SID}`) })).toBe(false);
    expect(conversationShouldRevalidate({ currentUrl: at(`/c/${SID}`), nextUrl: at('/c/other') })).toBe(true);
    expect(conversationShouldRevalidate({ currentUrl: at(`/c/${SID}`), nextUrl: at(`/c/${SID}?message=aaaa`) })).toBe(true);
  });
});
