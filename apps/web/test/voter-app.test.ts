import { describe, expect, it } from 'vitest';
import { matchPath } from '@/public/voter-app';
import VoteTypePage from '@/public/vote/vote-type-page';

// The voter build's path switch chooses the page app/routes.tsx chooses for the same address.
describe('the voter pages’ path switch', () => {
  const params = (path: string) => {
    const m = matchPath(path);
    return 'redirect' in m ? { redirect: m.redirect } : m.params;
  };

  it('reads the ballot link and the ids, decoded, with or without a trailing slash', () => {
    expect(matchPath('/vote/type/abc')).toEqual({ Page: VoteTypePage, params: { linkId: 'abc' } });
    expect(params('/vote/type/a%20b/')).toEqual({ linkId: 'a b' });
    expect(params('/vote/result/K7QXabcdefghijkl')).toEqual({ id: 'K7QXabcdefghijkl' });
    expect(params('/vote/result')).toEqual({});
    expect(params('/vote/12')).toEqual({ id: '12' });
    expect(params('/')).toEqual({});
    // Pages without params: each its own, none the not-found page.
    const pages = ['/', '/vote/result', '/nothing/here'].map((path) => matchPath(path));
    expect(new Set(pages.map((m) => ('Page' in m ? m.Page : m.redirect))).size).toBe(3);
    expect(matchPath('/vote/12')).not.toEqual(matchPath('/vote/result/12'));
  });

  it('sends old addresses on, and answers anything else with the not-found page', () => {
    expect(params('/home')).toEqual({ redirect: '/' });
    expect(params('/vote')).toEqual({ redirect: '/vote/9999' });
    expect(params('/vote/')).toEqual({ redirect: '/vote/9999' });
    const notFound = matchPath('/nothing/here');
    for (const path of ['/vote/type/abc/more', '/vote/result/a/b', '/vote/type/%E0%A4%A', '/votes']) {
      expect(matchPath(path), path).toEqual(notFound);
    }
  });
});
