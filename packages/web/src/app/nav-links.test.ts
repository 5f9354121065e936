/**
 * Each row of docs/product.md §2 "Top navigation (by state)", written out link by link so a change of
 * the table in code shows up here.
 */
import { describe, expect, it } from 'vitest';
import { getLogoLink, getNavLinks, type NavState } from './nav-links';

const loggedOut: NavState = { isLoggedIn: false };
const member: NavState = { isLoggedIn: true, role: 'user' };
const memberWithAgreement: NavState = { isLoggedIn: true, role: 'user', hasLoadedAgreement: true };
const admin: NavState = { isLoggedIn: true, role: 'admin' };

const fullLoggedOut = [
  ['Home', '/'],
  ['Instructions', '/instructions'],
  ['Free Trial', '/trial'],
  ['Contact Us', '/contact'],
  ['Sign In', '/login'],
  ['Sign Up', '/register'],
];

const signedInOtherwise = [
  ['Go To Dashboard', '/my/home'],
  ['Instructions', '/my/instructions'],
  ['Contact Us', '/my/contact'],
  ['Logout', '/'],
];

const rows: [string, NavState, string, string[][]][] = [
  [
    'logged out /',
    loggedOut,
    '/',
    [
      ['Sign In', '/login'],
      ['Sign Up', '/register'],
      ['Contact Us', '/contact'],
    ],
  ],
  [
    'logged out /trial',
    loggedOut,
    '/trial',
    [
      ['Home', '/'],
      ['Instructions', '/instructions'],
      ['Contact Us', '/contact'],
    ],
  ],
  [
    'logged out /instructions',
    loggedOut,
    '/instructions',
    [
      ['Home', '/'],
      ['Free Trial', '/trial'],
      ['Sign In', '/login'],
      ['Sign Up', '/register'],
    ],
  ],
  [
    'logged out /login',
    loggedOut,
    '/login',
    [
      ['Home', '/'],
      ['Instructions', '/instructions'],
      ['Free Trial', '/trial'],
      ['Contact Us', '/contact'],
      ['Sign Up', '/register'],
    ],
  ],
  [
    'logged out /register',
    loggedOut,
    '/register',
    [
      ['Home', '/'],
      ['Instructions', '/instructions'],
      ['Free Trial', '/trial'],
      ['Contact Us', '/contact'],
      ['Sign In', '/login'],
    ],
  ],
  [
    'logged out /guest/home',
    loggedOut,
    '/guest/home',
    [
      ['Home', '/'],
      ['Instructions', '/instructions'],
      ['Contact Us', '/contact'],
    ],
  ],
  [
    'logged out /guest/contract',
    loggedOut,
    '/guest/contract',
    [
      ['Go To Dashboard', '/guest/home'],
      ['Instructions', '/instructions'],
      ['Contact Us', '/contact'],
    ],
  ],
  ['logged out /contact (other path)', loggedOut, '/contact', fullLoggedOut],
  ['logged out /pdfview (other path)', loggedOut, '/pdfview', fullLoggedOut],
  ['logged out unknown path', loggedOut, '/no/such/page', fullLoggedOut],
  [
    'logged in /my/home',
    member,
    '/my/home',
    [
      ['Instructions', '/my/instructions'],
      ['Contact Us', '/my/contact'],
      ['Logout', '/'],
    ],
  ],
  [
    'logged in /my/contact',
    member,
    '/my/contact',
    [
      ['Go To Dashboard', '/my/home'],
      ['Go To Agreement Editor', '/my/contract'],
      ['Instructions', '/my/instructions'],
      ['Logout', '/'],
    ],
  ],
  [
    'logged in /my/pdfview',
    member,
    '/my/pdfview',
    [
      ['Go To Dashboard', '/my/home'],
      ['Instructions', '/my/instructions'],
      ['Contact Us', '/my/contact'],
      ['Logout', '/'],
    ],
  ],
  [
    'logged in /my/contract',
    member,
    '/my/contract',
    [
      ['Go To Dashboard', '/my/home'],
      ['Instructions', '/my/instructions'],
      ['Contact Us', '/my/contact'],
      ['Logout', '/'],
    ],
  ],
  [
    'logged in /my/instructions with a loaded agreement',
    memberWithAgreement,
    '/my/instructions',
    [
      ['Go To Dashboard', '/my/home'],
      ['Go To Agreement Editor', '/my/contract'],
      ['Logout', '/'],
    ],
  ],
  [
    'logged in /my/instructions without one',
    member,
    '/my/instructions',
    [
      ['Go To Dashboard', '/my/home'],
      ['Logout', '/'],
    ],
  ],
  // docs/product.md §17 (ADR 110): signed-in users get a signed-in menu on every other page, never
  // the logged-out list whose Home link (/) signs them out.
  ['logged in otherwise (/)', member, '/', signedInOtherwise],
  ['logged in otherwise (/my/pdfview2)', memberWithAgreement, '/my/pdfview2', signedInOtherwise],
  ['logged in otherwise (/im/home)', member, '/im/home', signedInOtherwise],
  ['logged in otherwise (/trial)', member, '/trial', signedInOtherwise],
  ...['/my/home', '/my/contract', '/my/admin', '/', '/trial'].map((path): [string, NavState, string, string[][]] => [
    `admin ${path}`,
    admin,
    path,
    [
      ['Go To Dashboard', '/my/home'],
      ['Instructions', '/my/instructions'],
      ['Logout', '/'],
      ['Admin Panel', '/my/admin'],
    ],
  ]),
];

describe('getNavLinks (docs/product.md §2, Top navigation by state)', () => {
  it.each(rows)('%s', (_row, state, path, expected) => {
    expect(getNavLinks(state, path).map((link) => [link.label, link.to])).toEqual(expected);
  });

  it('reads a trailing slash and the token login screens like their plain paths', () => {
    expect(getNavLinks(loggedOut, '/trial/')).toEqual(getNavLinks(loggedOut, '/trial'));
    expect(getNavLinks(loggedOut, '/login/changed')).toEqual(getNavLinks(loggedOut, '/login'));
    expect(getNavLinks(member, '/my/home/')).toEqual(getNavLinks(member, '/my/home'));
  });

  it('gives the admin role nothing special while logged out', () => {
    expect(getNavLinks({ isLoggedIn: false, role: 'admin' }, '/')).toEqual(getNavLinks(loggedOut, '/'));
  });

  it('returns a fresh array each time', () => {
    const first = getNavLinks(loggedOut, '/');
    first.pop();
    expect(getNavLinks(loggedOut, '/')).toHaveLength(3);
  });
});

describe('getLogoLink (docs/product.md §2)', () => {
  it('goes to the dashboard when logged in and home otherwise', () => {
    expect(getLogoLink(member)).toBe('/my/home');
    expect(getLogoLink(admin)).toBe('/my/home');
    expect(getLogoLink(loggedOut)).toBe('/');
  });
});

describe('while the session is looked up (ADR 209)', () => {
  const checking: NavState = { isLoggedIn: false, isSessionKnown: false };
  it('shows no links on a signed-in page, and its logo goes to the dashboard, never to / (which signs out)', () => {
    for (const path of ['/my/home', '/my/contract', '/my/compare', '/im/home']) {
      expect(getNavLinks(checking, path)).toEqual([]);
      expect(getLogoLink(checking, path)).toBe('/my/home');
    }
  });
  it("shows a visitor's page its links as before", () => {
    for (const path of ['/', '/trial', '/login', '/guest/contract', '/shared/abc']) {
      expect(getNavLinks(checking, path)).toEqual(getNavLinks(loggedOut, path));
      expect(getLogoLink(checking, path)).toBe('/');
    }
  });
});
